ALTER TABLE "product_variants" ADD COLUMN "is_custom_amount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "product_id" integer;