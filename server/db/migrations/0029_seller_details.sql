CREATE TABLE "seller_details" (
	"id" integer PRIMARY KEY NOT NULL,
	"registered_name" text DEFAULT '' NOT NULL,
	"trade_name" text DEFAULT '' NOT NULL,
	"tin" text DEFAULT '' NOT NULL,
	"branch_code" text DEFAULT '00000' NOT NULL,
	"business_address" text DEFAULT '' NOT NULL,
	"vat_registered" boolean DEFAULT true NOT NULL,
	"registration_number" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"data_protection_officer_name" text DEFAULT '' NOT NULL,
	"data_protection_officer_email" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every page's footer shows the seller's details: a change starts a new cache generation and
-- drops the kept copy in every process, like a catalogue change (0009).
CREATE TRIGGER seller_details_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON seller_details FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
