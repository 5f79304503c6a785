CREATE TABLE "referral_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"patron_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"order_subtotal" integer NOT NULL,
	"rate" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_level_check" CHECK ("referral_rewards"."level" in (1, 2)),
	CONSTRAINT "referral_rewards_points_check" CHECK (("referral_rewards"."kind" = 'EARNED' and "referral_rewards"."points" > 0) or ("referral_rewards"."kind" = 'REVERSED' and "referral_rewards"."points" < 0))
);
--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"level1_rate" integer DEFAULT 500 NOT NULL,
	"level2_rate" integer DEFAULT 200 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_parent_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_order_level_kind_idx" ON "referral_rewards" USING btree ("order_id","level","kind");--> statement-breakpoint
CREATE INDEX "referral_rewards_user_idx" ON "referral_rewards" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "referral_rewards_user_patron_idx" ON "referral_rewards" USING btree ("user_id","patron_id");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id","id");