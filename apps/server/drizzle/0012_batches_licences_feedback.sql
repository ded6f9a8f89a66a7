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
CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"licence_key" varchar(40),
	"type" varchar(40) DEFAULT 'formal' NOT NULL,
	"terminal_limit" integer NOT NULL,
	"effective_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"status" varchar(40) DEFAULT 'enabled' NOT NULL,
	"encryption" varchar(40) DEFAULT 'new' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"description" varchar(500),
	"type" varchar(40) DEFAULT 'question' NOT NULL,
	"suggestion" varchar(500),
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" varchar(50),
	"source" varchar(40) DEFAULT 'console' NOT NULL,
	"room_number" varchar(16),
	"sender_name" varchar(40),
	"sender_id" integer,
	"submitted_at" timestamp with time zone,
	"status" varchar(40) DEFAULT 'submitted' NOT NULL,
	"handling_note" varchar(200),
	"handled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "batch_machines_tenant_idx" ON "batch_machines" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_machines_batch_no_uq" ON "batch_machines" USING btree ("batch_no");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_machines_auth_code_uq" ON "batch_machines" USING btree ("auth_code");--> statement-breakpoint
CREATE INDEX "licences_tenant_idx" ON "licences" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "licences_licence_key_uq" ON "licences" USING btree ("licence_key");--> statement-breakpoint
CREATE INDEX "licences_type_idx" ON "licences" USING btree ("type");--> statement-breakpoint
CREATE INDEX "licences_expires_on_idx" ON "licences" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "licences_status_idx" ON "licences" USING btree ("status");--> statement-breakpoint
CREATE INDEX "licences_encryption_idx" ON "licences" USING btree ("encryption");--> statement-breakpoint
CREATE INDEX "feedback_tenant_idx" ON "feedback" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "feedback_type_idx" ON "feedback" USING btree ("type");--> statement-breakpoint
CREATE INDEX "feedback_source_idx" ON "feedback" USING btree ("source");--> statement-breakpoint
CREATE INDEX "feedback_submitted_at_idx" ON "feedback" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status");