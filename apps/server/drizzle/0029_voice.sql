CREATE TABLE "ai_intent_set" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"tests_zh" varchar(4000),
	"tests_en" varchar(4000),
	"accuracy" integer,
	"failures" jsonb,
	"tested_at" timestamp with time zone,
	"status" varchar(40) DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_intent" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(60) NOT NULL,
	"title" varchar(60),
	"set_id" integer,
	"examples_zh" varchar(4000),
	"examples_en" varchar(4000),
	"slots" varchar(120),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_instruction" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"content" varchar(1000) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"name_en" varchar(60),
	"synonyms" varchar(200),
	"max_quantity" integer DEFAULT 5 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_service_call" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"content" varchar(1000),
	"room_number" varchar(16),
	"mac" varchar(17),
	"intent" varchar(60),
	"status" varchar(40) DEFAULT 'pending' NOT NULL,
	"called_at" timestamp with time zone,
	"score" integer,
	"escalated" boolean DEFAULT false NOT NULL,
	"terminal_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_intent" ADD CONSTRAINT "ai_intent_set_id_ai_intent_set_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."ai_intent_set"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_intent_set_tenant_idx" ON "ai_intent_set" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "ai_intent_set_status_idx" ON "ai_intent_set" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ai_intent_tenant_idx" ON "ai_intent" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "ai_intent_set_id_idx" ON "ai_intent" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "ai_intent_enabled_idx" ON "ai_intent" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "ai_instruction_tenant_idx" ON "ai_instruction" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "ai_instruction_enabled_idx" ON "ai_instruction" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "ai_goods_tenant_idx" ON "ai_goods" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "ai_goods_enabled_idx" ON "ai_goods" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "ai_service_call_tenant_idx" ON "ai_service_call" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "ai_service_call_status_idx" ON "ai_service_call" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ai_service_call_called_at_idx" ON "ai_service_call" USING btree ("called_at");--> statement-breakpoint
CREATE INDEX "ai_service_call_escalated_idx" ON "ai_service_call" USING btree ("escalated");