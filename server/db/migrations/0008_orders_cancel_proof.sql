ALTER TABLE "orders" ADD COLUMN "tracking_client_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proof_of_billing_path" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proof_of_billing_alt" text;