-- ADR 052: sales invoices and credit memos (their series' counters, lines, void records), a
-- product's tax class, files attached to an email. An issued invoice or credit memo is never
-- changed or deleted: the trigger at the end refuses it.
CREATE TABLE "credit_memos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_memos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"refund_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"vatable_sales" integer NOT NULL,
	"vat_amount" integer NOT NULL,
	"vat_exempt_sales" integer NOT NULL,
	"zero_rated_sales" integer NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_series" (
	"series" text PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"tax_class" text NOT NULL,
	"vat_amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_invoice_voids" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" integer,
	"voided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_reference" text NOT NULL,
	"user_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller_registered_name" text NOT NULL,
	"seller_trade_name" text NOT NULL,
	"seller_tin" text NOT NULL,
	"seller_branch_code" text NOT NULL,
	"seller_address" text NOT NULL,
	"seller_vat_status" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text NOT NULL,
	"buyer_tin" text,
	"buyer_email" text NOT NULL,
	"gateway" text,
	"vatable_sales" integer NOT NULL,
	"vat_amount" integer NOT NULL,
	"vat_exempt_sales" integer NOT NULL,
	"zero_rated_sales" integer NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'VATABLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_voids" ADD CONSTRAINT "sales_invoice_voids_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_memos_serial_idx" ON "credit_memos" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_memos_refund_idx" ON "credit_memos" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "credit_memos_invoice_idx" ON "credit_memos" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_memos_issued_idx" ON "credit_memos" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "sales_invoice_lines_invoice_idx" ON "sales_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_serial_idx" ON "sales_invoices" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_order_idx" ON "sales_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sales_invoices_issued_idx" ON "sales_invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "email_attachments_email_idx" ON "email_attachments" USING btree ("email_id");--> statement-breakpoint
INSERT INTO "document_series" ("series", "prefix", "next_number") VALUES ('SI', 'SI-', 1), ('CM', 'CM-', 1);--> statement-breakpoint
CREATE FUNCTION refuse_issued_document_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued sales invoice or credit memo is never changed or deleted (%)', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER sales_invoices_never_change BEFORE UPDATE OR DELETE ON "sales_invoices" FOR EACH ROW EXECUTE FUNCTION refuse_issued_document_change();--> statement-breakpoint
CREATE TRIGGER sales_invoice_lines_never_change BEFORE UPDATE OR DELETE ON "sales_invoice_lines" FOR EACH ROW EXECUTE FUNCTION refuse_issued_document_change();--> statement-breakpoint
CREATE TRIGGER credit_memos_never_change BEFORE UPDATE OR DELETE ON "credit_memos" FOR EACH ROW EXECUTE FUNCTION refuse_issued_document_change();--> statement-breakpoint
CREATE TRIGGER sales_invoice_voids_never_change BEFORE UPDATE OR DELETE ON "sales_invoice_voids" FOR EACH ROW EXECUTE FUNCTION refuse_issued_document_change();
