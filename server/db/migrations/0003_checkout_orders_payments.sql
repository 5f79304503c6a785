CREATE TABLE "account_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text,
	"email" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"street_address1" text NOT NULL,
	"street_address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"city_area" text NOT NULL,
	"country_area" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'PH' NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_details" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_vouchers_amount_check" CHECK ("user_vouchers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkout_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"checkout_id" integer NOT NULL,
	"type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"street_address1" text NOT NULL,
	"street_address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"city_area" text DEFAULT '' NOT NULL,
	"country_area" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'PH' NOT NULL,
	"phone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkout_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"checkout_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_lines_quantity_positive" CHECK ("checkout_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"insurance_rate" integer DEFAULT 100 NOT NULL,
	"insurance_minimum" integer DEFAULT 5000 NOT NULL,
	"cod_fee_rate" integer DEFAULT 200 NOT NULL,
	"cod_fee_minimum" integer DEFAULT 2000 NOT NULL,
	"cod_maximum_order" integer DEFAULT 5000000 NOT NULL,
	"paypal_fee_rate" integer DEFAULT 440 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"shipping_method_id" integer,
	"has_insurance" boolean DEFAULT false NOT NULL,
	"voucher_id" integer,
	"voucher_source" text,
	"voucher_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" text NOT NULL,
	"sort_order" integer NOT NULL,
	"minimum_order_price" integer,
	"maximum_order_price" integer,
	"minimum_order_weight_grams" integer,
	"maximum_order_weight_grams" integer
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"zone_id" integer NOT NULL,
	"max_weight_grams" integer NOT NULL,
	"price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"provinces" text[] DEFAULT '{}'::text[] NOT NULL,
	"extra_per_kg_price" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_usages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voucher_usages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voucher_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"one_per_customer" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"minimum_spend" integer DEFAULT 0 NOT NULL,
	"usage_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"apply_once_per_customer" boolean DEFAULT true NOT NULL,
	"gateway" text,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_used_within_limit" CHECK ("vouchers"."usage_limit" IS NULL OR "vouchers"."used" <= "vouchers"."usage_limit")
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"template" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"street_address1" text NOT NULL,
	"street_address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"city_area" text DEFAULT '' NOT NULL,
	"country_area" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'PH' NOT NULL,
	"phone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"product_sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"undiscounted_unit_price" integer NOT NULL,
	"thumbnail_url" text,
	"is_pre_order" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"event" text NOT NULL,
	"actor_user_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"reference_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"user_email" text NOT NULL,
	"checkout_id" integer NOT NULL,
	"status" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"shipping_method_id" integer,
	"shipping_method_name" text,
	"shipping_method_type" text,
	"subtotal" integer NOT NULL,
	"shipping_price" integer DEFAULT 0 NOT NULL,
	"estimated_shipping_fee" integer DEFAULT 0 NOT NULL,
	"has_insurance" boolean DEFAULT false NOT NULL,
	"insurance" integer DEFAULT 0 NOT NULL,
	"cash_on_delivery_fee" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"discount_name" text,
	"voucher_code" text,
	"total" integer NOT NULL,
	"gateway" text,
	"tracking_number" text,
	"tracking_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"checkout_id" integer,
	"order_id" integer,
	"user_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"token" text DEFAULT '' NOT NULL,
	"total" integer NOT NULL,
	"charge_status" text DEFAULT 'NOT_CHARGED' NOT NULL,
	"capture_status" text DEFAULT 'NOT_CAPTURED' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"redirect_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "middle_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sex" text DEFAULT 'M' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_code" text NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_picture" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "facebook_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_shipping_address_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_billing_address_id" integer;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vouchers" ADD CONSTRAINT "user_vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_addresses" ADD CONSTRAINT "checkout_addresses_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD CONSTRAINT "checkout_lines_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_usages" ADD CONSTRAINT "voucher_usages_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_addresses" ADD CONSTRAINT "order_addresses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_logs" ADD CONSTRAINT "order_status_logs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_idx" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_vouchers_code_idx" ON "user_vouchers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "user_vouchers_user_idx" ON "user_vouchers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_addresses_type_idx" ON "checkout_addresses" USING btree ("checkout_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_lines_variant_idx" ON "checkout_lines" USING btree ("checkout_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_token_idx" ON "checkouts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rates_zone_weight_idx" ON "shipping_rates" USING btree ("zone_id","max_weight_grams");--> statement-breakpoint
CREATE INDEX "voucher_usages_voucher_idx" ON "voucher_usages" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_usages_once_idx" ON "voucher_usages" USING btree ("voucher_id","user_id") WHERE "voucher_usages"."one_per_customer";--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_lower_idx" ON "vouchers" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "emails_to_idx" ON "emails" USING btree ("to");--> statement-breakpoint
CREATE INDEX "emails_created_idx" ON "emails" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_addresses_type_idx" ON "order_addresses" USING btree ("order_id","type");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_logs_order_idx" ON "order_status_logs" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_token_idx" ON "orders" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_key_idx" ON "orders" USING btree ("reference_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_checkout_idx" ON "payments" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_idx" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_facebook_id_idx" ON "users" USING btree ("facebook_id");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sex_check" CHECK ("users"."sex" in ('M', 'F'));--> statement-breakpoint
-- The two fixed shipping methods: the storefront relies on the first being pickup and the second delivery.
INSERT INTO "shipping_methods" ("id", "name", "type", "sort_order") OVERRIDING SYSTEM VALUE VALUES (1, 'Pickup', 'PICKUP', 0), (2, 'Delivery', 'DELIVERY', 1);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('shipping_methods', 'id'), 2);--> statement-breakpoint
INSERT INTO "checkout_settings" ("id") VALUES (1);
