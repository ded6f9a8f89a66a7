CREATE TABLE "hotel_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"remark" varchar(100),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" varchar(40) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sampling" integer DEFAULT 100 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_event_days" (
	"day" date NOT NULL,
	"event" text NOT NULL,
	"brand_id" integer DEFAULT 0 NOT NULL,
	"hotel_id" integer DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tracked_event_days_day_event_brand_id_hotel_id_pk" PRIMARY KEY("day","event","brand_id","hotel_id")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"activations" integer NOT NULL,
	"settled_by" integer,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_period_uq" UNIQUE("hotel_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "terminal_activations" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"mac" text NOT NULL,
	"brand_id" integer DEFAULT 0 NOT NULL,
	"hotel_id" integer DEFAULT 0 NOT NULL,
	"activated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "hotel_tags_tenant_idx" ON "hotel_tags" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_tags_name_uq" ON "hotel_tags" USING btree (coalesce("brand_id", 0),coalesce("hotel_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_events_event_uq" ON "tracked_events" USING btree ("event");--> statement-breakpoint
CREATE INDEX "tracked_events_enabled_idx" ON "tracked_events" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "tracked_event_days_brand_idx" ON "tracked_event_days" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "tracked_event_days_hotel_idx" ON "tracked_event_days" USING btree ("hotel_id","day");--> statement-breakpoint
CREATE INDEX "settlements_brand_idx" ON "settlements" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "terminal_activations_at_idx" ON "terminal_activations" USING btree ("activated_at");--> statement-breakpoint
CREATE INDEX "terminal_activations_brand_idx" ON "terminal_activations" USING btree ("brand_id","activated_at");--> statement-breakpoint
CREATE INDEX "terminal_activations_hotel_idx" ON "terminal_activations" USING btree ("hotel_id","activated_at");