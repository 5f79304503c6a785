CREATE TABLE "watchlist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watchlist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"back_in_stock_at" timestamp with time zone,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_user_product_idx" ON "watchlist" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "watchlist_product_idx" ON "watchlist" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "watchlist_back_in_stock_idx" ON "watchlist" USING btree ("back_in_stock_at") WHERE "watchlist"."back_in_stock_at" IS NOT NULL;