CREATE TABLE "payment_customers" (
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "payment_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text DEFAULT 'maya' NOT NULL,
	"customer_id" text NOT NULL,
	"card_token_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"verification_url" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_token_uq" ON "saved_cards" USING btree ("provider","card_token_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_one_default_uq" ON "saved_cards" USING btree ("user_id") WHERE "saved_cards"."is_default";