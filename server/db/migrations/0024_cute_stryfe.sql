CREATE TABLE "sandbox_refunds" (
	"request_id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"refund_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "return_nonce" text;--> statement-breakpoint
-- Refunds recorded before ADR 041 were answered in the transaction that wrote them.
UPDATE "payment_refunds" SET "settled_at" = "updated_at";