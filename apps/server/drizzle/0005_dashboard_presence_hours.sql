CREATE TABLE "terminal_presence_hours" (
	"at" timestamp with time zone NOT NULL,
	"brand_id" integer DEFAULT 0 NOT NULL,
	"hotel_id" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"online" integer DEFAULT 0 NOT NULL,
	"unauthorized" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "terminal_presence_hours_at_brand_id_hotel_id_pk" PRIMARY KEY("at","brand_id","hotel_id")
);
--> statement-breakpoint
CREATE INDEX "terminal_presence_hours_brand_idx" ON "terminal_presence_hours" USING btree ("brand_id","at");--> statement-breakpoint
CREATE INDEX "terminal_presence_hours_hotel_idx" ON "terminal_presence_hours" USING btree ("hotel_id","at");