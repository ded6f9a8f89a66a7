CREATE TABLE "batch_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"batch_no" varchar(20),
	"max_terminals" integer NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	"remarks" varchar(20),
	"auth_code" varchar(12),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "batch_machines_tenant_idx" ON "batch_machines" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_machines_batch_no_uq" ON "batch_machines" USING btree ("batch_no");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_machines_auth_code_uq" ON "batch_machines" USING btree ("auth_code");