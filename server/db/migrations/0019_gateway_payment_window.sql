ALTER TABLE "gateway_settings" ADD COLUMN "payment_window_minutes" integer;
--> statement-breakpoint
-- paymentMethods (a public, cached answer) shows the gateways' names, logos and whether they are
-- offered: a change by staff starts a new cache generation like any catalogue change (0009).
CREATE TRIGGER gateway_settings_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gateway_settings FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
