CREATE TABLE "installment_factors" (
	"term" integer PRIMARY KEY NOT NULL,
	"factor_ten_thousandths" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- installmentFactors is a public, cached answer (the visitors' response cache and the
-- browsers' local copies): a change by staff starts a new cache generation like any catalogue
-- change (0009).
CREATE TRIGGER installment_factors_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON installment_factors FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
