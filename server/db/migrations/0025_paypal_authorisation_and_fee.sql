ALTER TABLE "orders" ADD COLUMN "paypal_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_until_confirmed" boolean DEFAULT false NOT NULL;