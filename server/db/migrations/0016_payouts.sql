CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"points" integer NOT NULL,
	"transaction_fee" integer NOT NULL,
	"tax" integer NOT NULL,
	"total_payout" integer NOT NULL,
	"phone_number" text,
	"bank_code" text,
	"account_name" text,
	"account_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_at" timestamp with time zone,
	"processing_by" integer,
	"paid_at" timestamp with time zone,
	"paid_by" integer,
	"reference" text,
	"rejected_at" timestamp with time zone,
	"rejected_by" integer,
	"reject_reason" text,
	CONSTRAINT "payouts_points_check" CHECK ("payouts"."points" > 0),
	CONSTRAINT "payouts_destination_check" CHECK (("payouts"."type" = 'GCASH' and "payouts"."phone_number" is not null) or ("payouts"."type" = 'BANK' and "payouts"."account_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "purchase_origins" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ip" text,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"patron_id" integer NOT NULL,
	"commissioner_id" integer,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "hold_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "payout_tax_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "purchase_origins_ip_idx" ON "purchase_origins" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "purchase_origins_device_idx" ON "purchase_origins" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_flags_order_reason_idx" ON "referral_flags" USING btree ("order_id","reason",coalesce("commissioner_id", 0));--> statement-breakpoint
CREATE INDEX "referral_flags_open_idx" ON "referral_flags" USING btree ("decision","id");--> statement-breakpoint
-- Rewards earned before holding existed were already claimable.
UPDATE "referral_rewards" SET "available_at" = "created_at" WHERE "available_at" IS NULL;
