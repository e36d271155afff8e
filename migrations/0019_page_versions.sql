CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `page_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Page versions (decision 053): a learner's kept page copies are valid only at the
-- version they were made at. Every write to a table a learner's pages show raises
-- the learner's users.page_version (or, for shared content, content_version's one
-- row) in the same statement, so no write path can forget it.
INSERT INTO `content_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `users_page_version` AFTER UPDATE ON `users`
WHEN NEW.`page_version` = OLD.`page_version`
BEGIN
  UPDATE `users` SET `page_version` = OLD.`page_version` + 1 WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `trials_page_version_insert` AFTER INSERT ON `trials`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `trials_page_version_update` AFTER UPDATE ON `trials`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `trials_page_version_delete` AFTER DELETE ON `trials`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `subscriptions_page_version_insert` AFTER INSERT ON `subscriptions`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `subscriptions_page_version_update` AFTER UPDATE ON `subscriptions`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `subscriptions_page_version_delete` AFTER DELETE ON `subscriptions`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `payment_orders_page_version_insert` AFTER INSERT ON `payment_orders`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `payment_orders_page_version_update` AFTER UPDATE ON `payment_orders`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `payment_orders_page_version_delete` AFTER DELETE ON `payment_orders`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `promo_redemptions_page_version_insert` AFTER INSERT ON `promo_redemptions`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `promo_redemptions_page_version_update` AFTER UPDATE ON `promo_redemptions`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `promo_redemptions_page_version_delete` AFTER DELETE ON `promo_redemptions`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `chat_sessions_page_version_insert` AFTER INSERT ON `chat_sessions`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `chat_sessions_page_version_update` AFTER UPDATE ON `chat_sessions`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `chat_sessions_page_version_delete` AFTER DELETE ON `chat_sessions`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `chat_messages_page_version_insert` AFTER INSERT ON `chat_messages`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `chat_messages_page_version_update` AFTER UPDATE ON `chat_messages`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `chat_messages_page_version_delete` AFTER DELETE ON `chat_messages`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `assessment_attempts_page_version_insert` AFTER INSERT ON `assessment_attempts`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `assessment_attempts_page_version_update` AFTER UPDATE ON `assessment_attempts`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `assessment_attempts_page_version_delete` AFTER DELETE ON `assessment_attempts`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `flashcards_page_version_insert` AFTER INSERT ON `flashcards`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `flashcards_page_version_update` AFTER UPDATE ON `flashcards`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `flashcards_page_version_delete` AFTER DELETE ON `flashcards`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `flashcard_reviews_page_version_insert` AFTER INSERT ON `flashcard_reviews`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `flashcard_reviews_page_version_update` AFTER UPDATE ON `flashcard_reviews`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `flashcard_reviews_page_version_delete` AFTER DELETE ON `flashcard_reviews`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `flashcard_settings_page_version_insert` AFTER INSERT ON `flashcard_settings`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `flashcard_settings_page_version_update` AFTER UPDATE ON `flashcard_settings`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `flashcard_settings_page_version_delete` AFTER DELETE ON `flashcard_settings`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `bank_reports_page_version_insert` AFTER INSERT ON `bank_reports`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `bank_reports_page_version_update` AFTER UPDATE ON `bank_reports`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `bank_reports_page_version_delete` AFTER DELETE ON `bank_reports`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `answer_events_page_version_insert` AFTER INSERT ON `answer_events`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `answer_events_page_version_update` AFTER UPDATE ON `answer_events`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `answer_events_page_version_delete` AFTER DELETE ON `answer_events`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `item_marks_page_version_insert` AFTER INSERT ON `item_marks`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `item_marks_page_version_update` AFTER UPDATE ON `item_marks`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `item_marks_page_version_delete` AFTER DELETE ON `item_marks`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `practice_tests_page_version_insert` AFTER INSERT ON `practice_tests`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `practice_tests_page_version_update` AFTER UPDATE ON `practice_tests`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `practice_tests_page_version_delete` AFTER DELETE ON `practice_tests`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `progress_days_page_version_insert` AFTER INSERT ON `progress_days`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `progress_days_page_version_update` AFTER UPDATE ON `progress_days`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `progress_days_page_version_delete` AFTER DELETE ON `progress_days`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `progress_topics_page_version_insert` AFTER INSERT ON `progress_topics`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `progress_topics_page_version_update` AFTER UPDATE ON `progress_topics`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `progress_topics_page_version_delete` AFTER DELETE ON `progress_topics`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `study_plans_page_version_insert` AFTER INSERT ON `study_plans`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `study_plans_page_version_update` AFTER UPDATE ON `study_plans`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `study_plans_page_version_delete` AFTER DELETE ON `study_plans`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `study_tasks_page_version_insert` AFTER INSERT ON `study_tasks`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `study_tasks_page_version_update` AFTER UPDATE ON `study_tasks`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `study_tasks_page_version_delete` AFTER DELETE ON `study_tasks`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `mock_attempts_page_version_insert` AFTER INSERT ON `mock_attempts`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `mock_attempts_page_version_update` AFTER UPDATE ON `mock_attempts`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `mock_attempts_page_version_delete` AFTER DELETE ON `mock_attempts`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `case_attempts_page_version_insert` AFTER INSERT ON `case_attempts`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `case_attempts_page_version_update` AFTER UPDATE ON `case_attempts`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `case_attempts_page_version_delete` AFTER DELETE ON `case_attempts`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `feedback_reports_page_version_insert` AFTER INSERT ON `feedback_reports`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `feedback_reports_page_version_update` AFTER UPDATE ON `feedback_reports`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `feedback_reports_page_version_delete` AFTER DELETE ON `feedback_reports`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `contact_messages_page_version_insert` AFTER INSERT ON `contact_messages`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `contact_messages_page_version_update` AFTER UPDATE ON `contact_messages`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `contact_messages_page_version_delete` AFTER DELETE ON `contact_messages`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `mock_answers_page_version_insert` AFTER INSERT ON `mock_answers`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = (SELECT `user_id` FROM `mock_attempts` WHERE `id` = NEW.`attempt_id`);
END;--> statement-breakpoint
CREATE TRIGGER `mock_answers_page_version_update` AFTER UPDATE ON `mock_answers`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = (SELECT `user_id` FROM `mock_attempts` WHERE `id` = NEW.`attempt_id`);
END;--> statement-breakpoint
CREATE TRIGGER `mock_answers_page_version_delete` AFTER DELETE ON `mock_answers`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = (SELECT `user_id` FROM `mock_attempts` WHERE `id` = OLD.`attempt_id`);
END;--> statement-breakpoint
CREATE TRIGGER `support_replies_page_version_insert` AFTER INSERT ON `support_replies`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = (SELECT `user_id` FROM `contact_messages` WHERE `id` = NEW.`ticket_id`);
END;--> statement-breakpoint
CREATE TRIGGER `support_replies_page_version_update` AFTER UPDATE ON `support_replies`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = (SELECT `user_id` FROM `contact_messages` WHERE `id` = NEW.`ticket_id`);
END;--> statement-breakpoint
CREATE TRIGGER `support_replies_page_version_delete` AFTER DELETE ON `support_replies`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = (SELECT `user_id` FROM `contact_messages` WHERE `id` = OLD.`ticket_id`);
END;--> statement-breakpoint
CREATE TRIGGER `payment_refusals_page_version_insert` AFTER INSERT ON `payment_refusals`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = (SELECT `user_id` FROM `payment_orders` WHERE `id` = NEW.`order_id`);
END;--> statement-breakpoint
CREATE TRIGGER `payment_refusals_page_version_update` AFTER UPDATE ON `payment_refusals`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = (SELECT `user_id` FROM `payment_orders` WHERE `id` = NEW.`order_id`);
END;--> statement-breakpoint
CREATE TRIGGER `payment_refusals_page_version_delete` AFTER DELETE ON `payment_refusals`
BEGIN
  UPDATE `users` SET `page_version` = `page_version` + 1 WHERE `id` = (SELECT `user_id` FROM `payment_orders` WHERE `id` = OLD.`order_id`);
END;--> statement-breakpoint
CREATE TRIGGER `bank_items_content_version_insert` AFTER INSERT ON `bank_items`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `bank_items_content_version_update` AFTER UPDATE ON `bank_items`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `bank_items_content_version_delete` AFTER DELETE ON `bank_items`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `bank_terms_content_version_insert` AFTER INSERT ON `bank_terms`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `bank_terms_content_version_update` AFTER UPDATE ON `bank_terms`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `bank_terms_content_version_delete` AFTER DELETE ON `bank_terms`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `mock_papers_content_version_insert` AFTER INSERT ON `mock_papers`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `mock_papers_content_version_update` AFTER UPDATE ON `mock_papers`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `mock_papers_content_version_delete` AFTER DELETE ON `mock_papers`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `case_studies_content_version_insert` AFTER INSERT ON `case_studies`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `case_studies_content_version_update` AFTER UPDATE ON `case_studies`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `case_studies_content_version_delete` AFTER DELETE ON `case_studies`
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
