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
CREATE INDEX "tracked_events_event_idx" ON "tracked_events" USING btree ("event");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_events_event_uq" ON "tracked_events" USING btree ("event");--> statement-breakpoint
CREATE INDEX "tracked_events_enabled_idx" ON "tracked_events" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "tracked_event_days_brand_idx" ON "tracked_event_days" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "tracked_event_days_hotel_idx" ON "tracked_event_days" USING btree ("hotel_id","day");