CREATE TABLE "ai_tts" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"phrase" varchar(40) NOT NULL,
	"text_zh" varchar(200),
	"text_en" varchar(200),
	"audio_zh" varchar(36),
	"audio_en" varchar(36),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ai_tts_tenant_idx" ON "ai_tts" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "ai_tts_phrase_idx" ON "ai_tts" USING btree ("phrase");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_tts_phrase_uq" ON "ai_tts" USING btree (coalesce("brand_id", 0),coalesce("hotel_id", 0),"phrase");--> statement-breakpoint
CREATE INDEX "ai_tts_enabled_idx" ON "ai_tts" USING btree ("enabled");