CREATE TABLE "app_data_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name_zh" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"params" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"first_reported_at" timestamp with time zone,
	"reported" bigint DEFAULT 0 NOT NULL,
	"last_day" date,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_data_daily" (
	"day" date NOT NULL,
	"action_id" integer NOT NULL,
	"country" text NOT NULL,
	"platform" text NOT NULL,
	"app_version" text NOT NULL,
	"model" text NOT NULL,
	"events" bigint NOT NULL,
	CONSTRAINT "app_data_daily_pk" PRIMARY KEY("day","action_id","country","platform","app_version","model")
);
--> statement-breakpoint
CREATE TABLE "app_data_device_days" (
	"day" date NOT NULL,
	"device_id" text NOT NULL,
	"country" text NOT NULL,
	"platform" text NOT NULL,
	"app_version" text NOT NULL,
	"model" text NOT NULL,
	CONSTRAINT "app_data_device_days_pk" PRIMARY KEY("day","device_id")
);
--> statement-breakpoint
CREATE TABLE "app_data_events" (
	"device_id" text NOT NULL,
	"event_id" text NOT NULL,
	"action_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"platform" text NOT NULL,
	"app_version" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"params" jsonb NOT NULL,
	CONSTRAINT "app_data_events_pk" PRIMARY KEY("device_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "app_data_qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"partner" text NOT NULL,
	"campaign" text NOT NULL,
	"target" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"salt" text NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_data_qr_codes_window_ck" CHECK ("app_data_qr_codes"."ends_at" > "app_data_qr_codes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "app_data_qr_scanners" (
	"qr_id" integer NOT NULL,
	"day" date NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "app_data_qr_scanners_pk" PRIMARY KEY("qr_id","day","hash")
);
--> statement-breakpoint
CREATE TABLE "app_data_qr_scans" (
	"qr_id" integer NOT NULL,
	"day" date NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"uniques" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_data_qr_scans_pk" PRIMARY KEY("qr_id","day")
);
--> statement-breakpoint
CREATE TABLE "app_data_rejected_daily" (
	"day" date NOT NULL,
	"code" text NOT NULL,
	"action" text NOT NULL,
	"events" bigint NOT NULL,
	CONSTRAINT "app_data_rejected_daily_pk" PRIMARY KEY("day","code","action")
);
--> statement-breakpoint
ALTER TABLE "app_data_daily" ADD CONSTRAINT "app_data_daily_action_id_app_data_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."app_data_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_data_events" ADD CONSTRAINT "app_data_events_action_id_app_data_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."app_data_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_data_qr_scanners" ADD CONSTRAINT "app_data_qr_scanners_qr_id_app_data_qr_codes_id_fk" FOREIGN KEY ("qr_id") REFERENCES "public"."app_data_qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_data_qr_scans" ADD CONSTRAINT "app_data_qr_scans_qr_id_app_data_qr_codes_id_fk" FOREIGN KEY ("qr_id") REFERENCES "public"."app_data_qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_data_actions_key_uq" ON "app_data_actions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "app_data_daily_action_ix" ON "app_data_daily" USING btree ("action_id","day");--> statement-breakpoint
CREATE INDEX "app_data_events_received_ix" ON "app_data_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "app_data_qr_codes_code_uq" ON "app_data_qr_codes" USING btree ("code");