CREATE TABLE "music_album" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(50) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"name_tw" varchar(50),
	"cover_id" varchar(36),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music_song" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(100) NOT NULL,
	"singer" varchar(50),
	"album_id" integer NOT NULL,
	"file_id" varchar(36) NOT NULL,
	"duration" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "music_song" ADD CONSTRAINT "music_song_album_id_music_album_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."music_album"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "music_album_tenant_idx" ON "music_album" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "music_song_tenant_idx" ON "music_song" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "music_song_album_id_idx" ON "music_song" USING btree ("album_id");