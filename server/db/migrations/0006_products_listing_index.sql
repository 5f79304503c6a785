DROP INDEX "products_featured_idx";--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("is_featured" DESC NULLS FIRST,"id");