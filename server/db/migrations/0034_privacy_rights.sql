-- Privacy rights (docs/decisions/054-privacy-rights.md): consents as given (the cookie notice, by version, for a user or a
-- visitor's random id) and the export and erasure requests staff see.
CREATE TABLE "consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"visitor_id" text,
	"purpose" text NOT NULL,
	"version" text NOT NULL,
	"granted" boolean DEFAULT true NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_subject_check" CHECK ("consents"."user_id" is not null or "consents"."visitor_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "consents_visitor_idx" ON "consents" USING btree ("visitor_id","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_requested_idx" ON "privacy_requests" USING btree ("requested_at","id");