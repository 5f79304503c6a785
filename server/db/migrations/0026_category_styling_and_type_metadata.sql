ALTER TABLE "categories" ADD COLUMN "variant_styling" text;--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The two styles the product page already applies by category name (ADR 044).
UPDATE "categories" SET "variant_styling" = CASE lower(trim("name")) WHEN 'mobile phones' THEN 'Mobile phones' ELSE 'Tablets' END
  WHERE lower(trim("name")) IN ('mobile phones', 'tablets');
