-- ADR 051: expanded withholding tax on payouts: the rate each payout used, a commissioner's TIN,
-- registered address and own rate (the shop's rate keeps its default, 0%: staff set it).
CREATE TABLE "commissioner_tax_details" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tin" text,
	"tin_branch_code" text,
	"registered_address" text,
	"withholding_rate" integer,
	"withholding_rate_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissioner_tax_details_rate_check" CHECK ("commissioner_tax_details"."withholding_rate" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "tax_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Payouts made before the rate was kept: the rate their tax was computed at (tax = points x 100 x rate / 10000).
UPDATE "payouts" SET "tax_rate" = least(round("tax" * 100.0 / "points"), 10000) WHERE "tax" > 0;--> statement-breakpoint
CREATE INDEX "payouts_paid_at_idx" ON "payouts" USING btree ("paid_at");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_tax_rate_check" CHECK ("payouts"."tax_rate" between 0 and 10000);