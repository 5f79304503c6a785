ALTER TABLE "users" ALTER COLUMN "sex" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "sex" DROP NOT NULL;