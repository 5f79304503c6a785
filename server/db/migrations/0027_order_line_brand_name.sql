ALTER TABLE "order_lines" ADD COLUMN "brand_name" text;--> statement-breakpoint
-- Lines placed before the column existed take their product's brand, where the product is still in the catalogue.
UPDATE "order_lines" SET "brand_name" = "brands"."name" FROM "products" JOIN "brands" ON "brands"."id" = "products"."brand_id" WHERE "products"."id" = "order_lines"."product_id" AND "order_lines"."brand_name" IS NULL;
