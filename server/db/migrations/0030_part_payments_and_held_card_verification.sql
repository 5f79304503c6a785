ALTER TABLE "payments" ADD COLUMN "charged_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_nonce" text;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "paid_amount" integer;--> statement-breakpoint
-- Payments paid before part payments existed were taken in whole.
UPDATE "payments" SET "charged_amount" = "total" WHERE "charge_status" IN ('FULLY_CHARGED', 'FULLY_REFUNDED');
