DROP INDEX "terminal_alarms_terminal_kind_uq";--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "install_secret" varchar(8) DEFAULT lpad(((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))::bit(48)::bigint) % 100000000)::text, 8, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_alarms" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "terminal_alarms" ADD COLUMN "hotel_id" integer;--> statement-breakpoint
CREATE INDEX "terminal_alarms_hotel_idx" ON "terminal_alarms" USING btree ("hotel_id");--> statement-breakpoint
ALTER TABLE "hotel_device_settings" DROP COLUMN "install_pin";--> statement-breakpoint
ALTER TABLE "terminal_alarms" ADD CONSTRAINT "terminal_alarms_terminal_kind_owner_uq" UNIQUE NULLS NOT DISTINCT("terminal_id","kind","hotel_id");