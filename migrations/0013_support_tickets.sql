CREATE TABLE `support_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`ticket_id` text NOT NULL,
	`author` text NOT NULL,
	`admin_email` text,
	`body` text NOT NULL,
	`delivery_status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `support_replies_ticket_idx` ON `support_replies` (`ticket_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `user_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `priority` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_inbox_idx` ON `contact_messages` (`status`,`priority`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_user_idx` ON `contact_messages` (`user_id`,`created_at`);