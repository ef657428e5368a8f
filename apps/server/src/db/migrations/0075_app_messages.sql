CREATE TABLE "app_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_key" text NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"app_version" text NOT NULL,
	"v_major" integer NOT NULL,
	"v_minor" integer NOT NULL,
	"v_patch" integer NOT NULL,
	"platform" text NOT NULL,
	"model" text NOT NULL,
	"time_zone" text NOT NULL,
	"push_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_message_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"state" text NOT NULL,
	"due_at" timestamp with time zone,
	"deferred_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"body_zh" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"version_range" text DEFAULT '' NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"models" text[] DEFAULT '{}'::text[] NOT NULL,
	"send_at" timestamp with time zone,
	"throttle_per_minute" integer DEFAULT 1000 NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"expires_at" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"targeted" integer DEFAULT 0 NOT NULL,
	"audience_max_device" integer,
	"cursor_device" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_messages_throttle_ck" CHECK ("app_messages"."throttle_per_minute" BETWEEN 1 AND 100000)
);
--> statement-breakpoint
ALTER TABLE "app_message_deliveries" ADD CONSTRAINT "app_message_deliveries_message_id_app_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."app_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_message_deliveries" ADD CONSTRAINT "app_message_deliveries_device_id_app_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."app_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_devices_key_uq" ON "app_devices" USING btree ("device_key");--> statement-breakpoint
CREATE INDEX "app_devices_country_ix" ON "app_devices" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "app_message_deliveries_once_uq" ON "app_message_deliveries" USING btree ("message_id","device_id");--> statement-breakpoint
CREATE INDEX "app_message_deliveries_inbox_ix" ON "app_message_deliveries" USING btree ("device_id","delivered_at") WHERE state = 'delivered';--> statement-breakpoint
CREATE INDEX "app_message_deliveries_due_ix" ON "app_message_deliveries" USING btree ("message_id","due_at") WHERE state = 'deferred';--> statement-breakpoint
CREATE INDEX "app_message_deliveries_window_ix" ON "app_message_deliveries" USING btree ("message_id","delivered_at");--> statement-breakpoint
CREATE INDEX "app_messages_state_ix" ON "app_messages" USING btree ("state");