CREATE TABLE "mail_dialogue_problems" (
	"dialogue_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_dialogue_problems_dialogue_id_node_id_pk" PRIMARY KEY("dialogue_id","node_id")
);
--> statement-breakpoint
ALTER TABLE "mail_dialogues" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "mail_dialogues" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_dialogues" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_dialogue_problems" ADD CONSTRAINT "mail_dialogue_problems_dialogue_id_mail_dialogues_id_fk" FOREIGN KEY ("dialogue_id") REFERENCES "public"."mail_dialogues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_dialogue_problems" ADD CONSTRAINT "mail_dialogue_problems_node_id_cs_tree_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."cs_tree_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_dialogue_problems_node_idx" ON "mail_dialogue_problems" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "mail_dialogues_assignee_idx" ON "mail_dialogues" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "mail_dialogues_awaiting_idx" ON "mail_dialogues" USING btree ("awaiting_since") WHERE "mail_dialogues"."status" = 0 AND NOT "mail_dialogues"."archived";--> statement-breakpoint
CREATE INDEX "mail_dialogues_first_idx" ON "mail_dialogues" USING btree ("first_message_at");--> statement-breakpoint
CREATE INDEX "mail_messages_sent_idx" ON "mail_messages" USING btree ("sent_at");