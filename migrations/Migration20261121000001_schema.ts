import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000001_schema extends Migration {
  override name = 'Migration20261121000001_schema';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "ambassadors" ("id" serial primary key, "name" text not null, "description" text not null, "published" boolean not null default false, "address" text null, "homepage_url" varchar(1000) null, "instagram_username" text null, "x_username" text null, "email" varchar(255) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "ambassadors_published_created_at_index" on "ambassadors" ("published", "created_at");`);

    this.addSql(
      `create table "brands" ("id" serial primary key, "name" text not null, "description" text not null, "published" boolean not null default false, "homepage_url" varchar(1000) null, "instagram_username" text null, "x_username" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "brands_published_created_at_index" on "brands" ("published", "created_at");`);

    this.addSql(
      `create table "brand_and_ambassador_inquiries" ("id" serial primary key, "name" varchar(255) not null, "company_name" varchar(255) not null, "department_name" varchar(255) null, "position_name" varchar(255) null, "email" varchar(255) not null, "subject" text not null, "content" text not null, "resolved" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "brand_and_ambassador_inquiries_created_at_index" on "brand_and_ambassador_inquiries" ("created_at" DESC);`);

    this.addSql(
      `create table "brand_members" ("id" serial primary key, "brand_id" int not null, "email" varchar(255) not null, "password_hash" varchar(255) null, "invitation_token_hash" varchar(128) null, "invitation_created_at" timestamptz not null default now(), "invitation_accepted" boolean not null default false, "invitation_accepted_at" timestamptz null, "reset_password_token_hash" varchar(128) null, "reset_password_sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "brand_members" add constraint "brand_members_email_unique" unique ("email");`);
    this.addSql(
      `alter table "brand_members" add constraint "brand_members_invitation_token_hash_unique" unique ("invitation_token_hash");`,
    );
    this.addSql(
      `alter table "brand_members" add constraint "brand_members_reset_password_token_hash_unique" unique ("reset_password_token_hash");`,
    );
    this.addSql(`create index "brand_members_brand_id_created_at_index" on "brand_members" ("brand_id", "created_at");`);

    this.addSql(`create table "categories" ("id" serial primary key, "name" varchar(100) not null, "sort_order" int not null default 0);`);
    this.addSql(`alter table "categories" add constraint "categories_name_unique" unique ("name");`);
    this.addSql(`create index "categories_sort_order_index" on "categories" ("sort_order");`);

    this.addSql(
      `create table "communities" ("id" serial primary key, "name" text not null, "host_name" text not null, "published" boolean not null default false, "host_description" text not null, "description" text not null, "activity_description" text not null, "important_thing" text not null, "ideal_candidate_profile" text not null, "participation_condition" text not null, "note" text null, "location" text not null, "catchphrase" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "communities_published_created_at_index" on "communities" ("published", "created_at");`);

    this.addSql(
      `create table "brand_communities" ("id" serial primary key, "brand_id" int not null, "community_id" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "brand_communities_community_id_index" on "brand_communities" ("community_id");`);
    this.addSql(
      `alter table "brand_communities" add constraint "brand_communities_brand_id_community_id_unique" unique ("brand_id", "community_id");`,
    );

    this.addSql(
      `create table "ambassador_communities" ("id" serial primary key, "ambassador_id" int not null, "community_id" int not null, "associated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "ambassador_communities_community_id_index" on "ambassador_communities" ("community_id");`);
    this.addSql(
      `alter table "ambassador_communities" add constraint "ambassador_communities_ambassador_id_community_id_unique" unique ("ambassador_id", "community_id");`,
    );

    this.addSql(
      `create table "community_application_questions" ("id" serial primary key, "community_id" int not null, "name" text not null, "required" boolean not null default false, "disabled" boolean not null default false, "sort_order" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "community_application_questions_community_id_sort_order_index" on "community_application_questions" ("community_id", "sort_order");`,
    );

    this.addSql(
      `create table "coupons" ("id" serial primary key, "code" varchar(50) not null, "name" varchar(255) not null, "discount_type" text not null, "discount_value" int not null, "valid_from" timestamptz null, "valid_until" timestamptz null, "active" boolean not null default true, "max_uses" int null, "used_count" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "coupons" add constraint "coupons_code_unique" unique ("code");`);

    this.addSql(
      `create table "mail_outbox" ("id" serial primary key, "dedupe_key" varchar(255) not null, "to_address" varchar(320) not null, "subject" varchar(500) not null, "text_body" text not null, "html_body" text null, "status" text not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "locked_until" timestamptz null, "last_error" text null, "sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "mail_outbox" add constraint "mail_outbox_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`create index "mail_outbox_status_next_attempt_at_index" on "mail_outbox" ("status", "next_attempt_at");`);
    this.addSql(`create index "mail_outbox_to_address_created_at_index" on "mail_outbox" ("to_address", "created_at");`);

    this.addSql(`create table "occupations" ("id" serial primary key, "name" varchar(100) not null, "sort_order" int not null default 0);`);
    this.addSql(`alter table "occupations" add constraint "occupations_name_unique" unique ("name");`);
    this.addSql(`create index "occupations_sort_order_index" on "occupations" ("sort_order");`);

    this.addSql(`create table "prefectures" ("id" int not null, "name" varchar(10) not null, primary key ("id"));`);
    this.addSql(`alter table "prefectures" add constraint "prefectures_name_unique" unique ("name");`);

    this.addSql(`create table "themes" ("id" serial primary key, "name" varchar(100) not null, "sort_order" int not null default 0);`);
    this.addSql(`alter table "themes" add constraint "themes_name_unique" unique ("name");`);
    this.addSql(`create index "themes_sort_order_index" on "themes" ("sort_order");`);

    this.addSql(
      `create table "uploaded_files" ("id" serial primary key, "public_id" varchar(255) not null, "content_type" varchar(100) not null, "byte_size" int not null, "sha256" varchar(64) not null, "data" bytea not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "uploaded_files" add constraint "uploaded_files_public_id_unique" unique ("public_id");`);
    this.addSql(`create index "uploaded_files_sha256_index" on "uploaded_files" ("sha256");`);

    this.addSql(
      `create table "users" ("id" serial primary key, "name" varchar(100) not null, "email" varchar(255) not null, "password_hash" varchar(255) not null, "role" text not null default 'USER', "avatar_url" varchar(1000) null, "introduction" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(
      `create table "experience_drafts" ("id" serial primary key, "user_id" int not null, "title" text null, "data" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "experience_drafts_user_id_updated_at_index" on "experience_drafts" ("user_id", "updated_at");`);

    this.addSql(
      `create table "experiences" ("id" serial primary key, "host_user_id" int null, "host_ambassador_id" int null, "hosted_by" varchar(255) not null, "created_by_id" int not null, "title" varchar(100) not null, "category_id" int not null, "online" boolean not null default false, "online_url" varchar(1000) null, "address" text null, "prefecture_id" int null, "price" int not null, "price_side_note" text not null, "description" text not null, "inspiration" text not null, "note" text not null, "recruitment_number" int not null default 1, "set_minimum_number_of_participant_count" boolean not null default false, "minimum_number_of_participant_count" int null, "cancellation_period" int not null, "reservation_notice" text null, "reservation_deadline" text not null default 'the_day_before', "address_displayable" boolean not null default true, "community_id" int null, "approve" boolean not null default false, "approved_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "experiences_approve_created_at_index" on "experiences" ("approve", "created_at" DESC);`);
    this.addSql(`create index "experiences_host_user_id_created_at_index" on "experiences" ("host_user_id", "created_at");`);
    this.addSql(`create index "experiences_host_ambassador_id_created_at_index" on "experiences" ("host_ambassador_id", "created_at");`);
    this.addSql(`create index "experiences_created_by_id_index" on "experiences" ("created_by_id");`);
    this.addSql(`create index "experiences_category_id_index" on "experiences" ("category_id");`);
    this.addSql(`create index "experiences_prefecture_id_index" on "experiences" ("prefecture_id");`);
    this.addSql(`create index "experiences_community_id_index" on "experiences" ("community_id");`);

    this.addSql(
      `create table "recurrence_rules" ("id" uuid not null, "experience_id" int not null, "start_date" date not null, "end_date" date not null, "start_time" varchar(5) not null, "end_time" varchar(5) not null, "day_of_week" text[] not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "recurrence_rules_experience_id_index" on "recurrence_rules" ("experience_id");`);

    this.addSql(
      `create table "images" ("id" serial primary key, "experience_id" int null, "experience_draft_id" int null, "community_id" int null, "brand_id" int null, "ambassador_id" int null, "object_key" varchar(500) not null, "url" varchar(1000) not null, "sort_order" int not null default 0, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "images_experience_id_sort_order_index" on "images" ("experience_id", "sort_order");`);
    this.addSql(`create index "images_experience_draft_id_sort_order_index" on "images" ("experience_draft_id", "sort_order");`);
    this.addSql(`create index "images_community_id_sort_order_index" on "images" ("community_id", "sort_order");`);
    this.addSql(`create index "images_brand_id_sort_order_index" on "images" ("brand_id", "sort_order");`);
    this.addSql(`create index "images_ambassador_id_sort_order_index" on "images" ("ambassador_id", "sort_order");`);

    this.addSql(
      `create table "holding_requests" ("id" serial primary key, "experience_id" int not null, "user_id" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "holding_requests_user_id_index" on "holding_requests" ("user_id");`);
    this.addSql(
      `alter table "holding_requests" add constraint "holding_requests_experience_id_user_id_unique" unique ("experience_id", "user_id");`,
    );

    this.addSql(
      `create table "experience_options" ("id" serial primary key, "experience_id" int not null, "name" varchar(255) not null, "description" text not null, "price" int not null, "sort_order" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "experience_options_experience_id_sort_order_index" on "experience_options" ("experience_id", "sort_order");`,
    );

    this.addSql(
      `create table "reservations" ("id" serial primary key, "user_id" int not null, "experience_id" int not null, "number_of_people" int not null, "option_id" int null, "option_name" varchar(255) null, "coupon_id" int null, "coupon_code" varchar(50) null, "message_to_host" text null, "tour_amount" int not null, "discount_amount" int not null default 0, "option_amount" int not null default 0, "service_fee" int not null, "processing_fee" int not null, "total_amount" int not null, "payment_reference" varchar(255) null, "idempotency_key" varchar(255) not null, "status" text not null default 'pending', "hold_expires_at" timestamptz null, "failure_message" text null, "confirmed_at" timestamptz null, "cancelled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "reservations" add constraint "reservations_payment_reference_unique" unique ("payment_reference");`);
    this.addSql(`alter table "reservations" add constraint "reservations_idempotency_key_unique" unique ("idempotency_key");`);
    this.addSql(`create index "reservations_user_id_created_at_index" on "reservations" ("user_id", "created_at");`);
    this.addSql(`create index "reservations_experience_id_status_index" on "reservations" ("experience_id", "status");`);
    this.addSql(`create index "reservations_coupon_id_index" on "reservations" ("coupon_id");`);
    this.addSql(
      `create index "reservations_hold_expires_at_index" on "reservations" ("hold_expires_at") where status in ('pending', 'requires_action');`,
    );

    this.addSql(
      `create table "reviews" ("id" serial primary key, "experience_id" int not null, "reservation_id" int null, "guest_id" int not null, "rate" numeric(2,1) not null, "content" text not null, "posted_at" timestamptz not null default now(), "host_reply_content" text null, "host_reply_user_id" int null, "host_replied_at" timestamptz null, "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "reviews" add constraint "reviews_reservation_id_unique" unique ("reservation_id");`);
    this.addSql(`create index "reviews_experience_id_posted_at_index" on "reviews" ("experience_id", "posted_at" DESC);`);
    this.addSql(`create index "reviews_guest_id_index" on "reviews" ("guest_id");`);

    this.addSql(
      `create table "experience_themes" ("experience_id" int not null, "theme_id" int not null, primary key ("experience_id", "theme_id"));`,
    );

    this.addSql(
      `create table "calendars" ("id" serial primary key, "experience_id" int not null, "date" date not null, "start_time" varchar(5) not null, "end_time" varchar(5) not null, "recurrence_rule_id" uuid null, "recruitment_number" int not null, "participant_number" int not null default 0, "accepting_reservation" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "calendars_experience_id_date_start_time_index" on "calendars" ("experience_id", "date", "start_time");`);
    this.addSql(`create index "calendars_recurrence_rule_id_index" on "calendars" ("recurrence_rule_id");`);

    this.addSql(
      `create table "reservation_calendars" ("id" serial primary key, "reservation_id" int not null, "calendar_id" int not null);`,
    );
    this.addSql(`create index "reservation_calendars_calendar_id_index" on "reservation_calendars" ("calendar_id");`);
    this.addSql(
      `alter table "reservation_calendars" add constraint "reservation_calendars_reservation_id_calendar_id_unique" unique ("reservation_id", "calendar_id");`,
    );

    this.addSql(
      `create table "contact_inquiries" ("id" serial primary key, "name" varchar(255) not null, "email" varchar(255) not null, "content" text not null, "user_id" int null, "resolved" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "contact_inquiries_created_at_index" on "contact_inquiries" ("created_at" DESC);`);
    this.addSql(`create index "contact_inquiries_user_id_index" on "contact_inquiries" ("user_id");`);

    this.addSql(
      `create table "community_applications" ("id" serial primary key, "community_id" int not null, "user_id" int not null, "occupation_id" int not null, "full_name" varchar(255) not null, "gender" text not null, "postal_code" varchar(10) not null, "address" text null, "birthday" date not null, "resolved" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "community_applications_user_id_index" on "community_applications" ("user_id");`);
    this.addSql(
      `create index "community_applications_community_id_created_at_index" on "community_applications" ("community_id", "created_at");`,
    );
    this.addSql(
      `alter table "community_applications" add constraint "community_applications_community_id_user_id_unique" unique ("community_id", "user_id");`,
    );

    this.addSql(
      `create table "community_application_answers" ("id" serial primary key, "application_id" int not null, "question_id" int not null, "content" text not null);`,
    );
    this.addSql(`create index "community_application_answers_question_id_index" on "community_application_answers" ("question_id");`);
    this.addSql(
      `alter table "community_application_answers" add constraint "community_application_answers_application_id_question_id_unique" unique ("application_id", "question_id");`,
    );

    this.addSql(
      `create table "ambassador_members" ("id" serial primary key, "ambassador_id" int not null, "user_id" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "ambassador_members_user_id_index" on "ambassador_members" ("user_id");`);
    this.addSql(
      `alter table "ambassador_members" add constraint "ambassador_members_ambassador_id_user_id_unique" unique ("ambassador_id", "user_id");`,
    );

    this.addSql(
      `alter table "ambassadors" add constraint "ambassadors_name_length" check (char_length(name) >= 1 and char_length(name) <= 100);`,
    );
    this.addSql(`alter table "ambassadors" add constraint "ambassadors_description_length" check (char_length(description) <= 1000);`);
    this.addSql(
      `alter table "ambassadors" add constraint "ambassadors_instagram_username_length" check (char_length(instagram_username) <= 30);`,
    );
    this.addSql(`alter table "ambassadors" add constraint "ambassadors_x_username_length" check (char_length(x_username) <= 30);`);

    this.addSql(`alter table "brands" add constraint "brands_name_length" check (char_length(name) >= 1 and char_length(name) <= 100);`);
    this.addSql(`alter table "brands" add constraint "brands_description_length" check (char_length(description) <= 1000);`);
    this.addSql(`alter table "brands" add constraint "brands_instagram_username_length" check (char_length(instagram_username) <= 30);`);
    this.addSql(`alter table "brands" add constraint "brands_x_username_length" check (char_length(x_username) <= 30);`);

    this.addSql(
      `alter table "brand_and_ambassador_inquiries" add constraint "brand_and_ambassador_inquiries_subject_check" check ("subject" in ('franchise', 'branding', 'media', 'other'));`,
    );

    this.addSql(
      `alter table "brand_members" add constraint "brand_members_brand_id_foreign" foreign key ("brand_id") references "brands" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "brand_members" add constraint "brand_members_email_lower" check (email = lower(email));`);

    this.addSql(
      `alter table "communities" add constraint "communities_name_length" check (char_length(name) >= 1 and char_length(name) <= 255);`,
    );
    this.addSql(`alter table "communities" add constraint "communities_host_name_length" check (char_length(host_name) <= 255);`);
    this.addSql(`alter table "communities" add constraint "communities_location_length" check (char_length(location) <= 255);`);
    this.addSql(`alter table "communities" add constraint "communities_catchphrase_length" check (char_length(catchphrase) <= 40);`);

    this.addSql(
      `alter table "brand_communities" add constraint "brand_communities_brand_id_foreign" foreign key ("brand_id") references "brands" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "brand_communities" add constraint "brand_communities_community_id_foreign" foreign key ("community_id") references "communities" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "ambassador_communities" add constraint "ambassador_communities_ambassador_id_foreign" foreign key ("ambassador_id") references "ambassadors" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ambassador_communities" add constraint "ambassador_communities_community_id_foreign" foreign key ("community_id") references "communities" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "community_application_questions" add constraint "community_application_questions_community_id_foreign" foreign key ("community_id") references "communities" ("id") on delete cascade;`,
    );

    this.addSql(`alter table "coupons" add constraint "coupons_code_upper" check (code = upper(code) and code <> '');`);
    this.addSql(`alter table "coupons" add constraint "coupons_discount_value_positive" check (discount_value > 0);`);
    this.addSql(`alter table "coupons" add constraint "coupons_percent_max" check (discount_type <> 'percent' or discount_value <= 100);`);
    this.addSql(
      `alter table "coupons" add constraint "coupons_validity_order" check (valid_from is null or valid_until is null or valid_from < valid_until);`,
    );
    this.addSql(`alter table "coupons" add constraint "coupons_max_uses_positive" check (max_uses is null or max_uses > 0);`);
    this.addSql(
      `alter table "coupons" add constraint "coupons_used_count_range" check (used_count >= 0 and (max_uses is null or used_count <= max_uses));`,
    );
    this.addSql(`alter table "coupons" add constraint "coupons_discount_type_check" check ("discount_type" in ('amount', 'percent'));`);

    this.addSql(`alter table "mail_outbox" add constraint "mail_outbox_attempts_non_negative" check (attempts >= 0);`);
    this.addSql(
      `alter table "mail_outbox" add constraint "mail_outbox_status_check" check ("status" in ('pending', 'sending', 'sent', 'failed'));`,
    );

    this.addSql(`alter table "prefectures" add constraint "prefectures_id_range" check (id >= 1 and id <= 47);`);

    this.addSql(`alter table "uploaded_files" add constraint "uploaded_files_byte_size_non_negative" check (byte_size >= 0);`);

    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('USER', 'HOST', 'ADMIN'));`);

    this.addSql(
      `alter table "experience_drafts" add constraint "experience_drafts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "experiences" add constraint "experiences_host_user_id_foreign" foreign key ("host_user_id") references "users" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "experiences" add constraint "experiences_host_ambassador_id_foreign" foreign key ("host_ambassador_id") references "ambassadors" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "experiences" add constraint "experiences_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "experiences" add constraint "experiences_category_id_foreign" foreign key ("category_id") references "categories" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "experiences" add constraint "experiences_prefecture_id_foreign" foreign key ("prefecture_id") references "prefectures" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "experiences" add constraint "experiences_community_id_foreign" foreign key ("community_id") references "communities" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "experiences" add constraint "experiences_exactly_one_host" check (num_nonnulls(host_user_id, host_ambassador_id) = 1);`,
    );
    this.addSql(`alter table "experiences" add constraint "experiences_price_non_negative" check (price >= 0);`);
    this.addSql(
      `alter table "experiences" add constraint "experiences_recruitment_number_range" check (recruitment_number >= 1 and recruitment_number <= 30);`,
    );
    this.addSql(
      `alter table "experiences" add constraint "experiences_minimum_participant_count_range" check (minimum_number_of_participant_count is null or (minimum_number_of_participant_count >= 1 and minimum_number_of_participant_count <= recruitment_number));`,
    );
    this.addSql(
      `alter table "experiences" add constraint "experiences_cancellation_period_values" check (cancellation_period in (2, 7, 30));`,
    );
    this.addSql(`alter table "experiences" add constraint "experiences_approved_at" check (not approve or approved_at is not null);`);
    this.addSql(
      `alter table "experiences" add constraint "experiences_reservation_deadline_check" check ("reservation_deadline" in ('on_the_day', 'the_day_before'));`,
    );

    this.addSql(
      `alter table "recurrence_rules" add constraint "recurrence_rules_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "recurrence_rules" add constraint "recurrence_rules_date_order" check (start_date <= end_date);`);
    this.addSql(
      `alter table "recurrence_rules" add constraint "recurrence_rules_start_time_format" check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');`,
    );
    this.addSql(
      `alter table "recurrence_rules" add constraint "recurrence_rules_end_time_format" check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');`,
    );
    this.addSql(`alter table "recurrence_rules" add constraint "recurrence_rules_time_order" check (start_time < end_time);`);
    this.addSql(
      `alter table "recurrence_rules" add constraint "recurrence_rules_day_of_week_values" check (day_of_week <@ array['Sunday','Monday','Tuesday','Wednesday','Thursday','Friday','Saturday']::text[]);`,
    );

    this.addSql(
      `alter table "images" add constraint "images_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "images" add constraint "images_experience_draft_id_foreign" foreign key ("experience_draft_id") references "experience_drafts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "images" add constraint "images_community_id_foreign" foreign key ("community_id") references "communities" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "images" add constraint "images_brand_id_foreign" foreign key ("brand_id") references "brands" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "images" add constraint "images_ambassador_id_foreign" foreign key ("ambassador_id") references "ambassadors" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "images" add constraint "images_exactly_one_owner" check (num_nonnulls(experience_id, experience_draft_id, community_id, brand_id, ambassador_id) = 1);`,
    );

    this.addSql(
      `alter table "holding_requests" add constraint "holding_requests_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "holding_requests" add constraint "holding_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "experience_options" add constraint "experience_options_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "experience_options" add constraint "experience_options_price_non_negative" check (price >= 0);`);

    this.addSql(
      `alter table "reservations" add constraint "reservations_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "reservations" add constraint "reservations_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "reservations" add constraint "reservations_option_id_foreign" foreign key ("option_id") references "experience_options" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "reservations" add constraint "reservations_coupon_id_foreign" foreign key ("coupon_id") references "coupons" ("id") on delete restrict;`,
    );
    this.addSql(`alter table "reservations" add constraint "reservations_number_of_people_positive" check (number_of_people >= 1);`);
    this.addSql(
      `alter table "reservations" add constraint "reservations_amounts_non_negative" check (tour_amount >= 0 and discount_amount >= 0 and option_amount >= 0 and service_fee >= 0 and processing_fee >= 0 and total_amount >= 0);`,
    );
    this.addSql(
      `alter table "reservations" add constraint "reservations_discount_max" check (discount_amount <= tour_amount + option_amount);`,
    );
    this.addSql(
      `alter table "reservations" add constraint "reservations_total_amount_sum" check (total_amount = tour_amount + option_amount - discount_amount + service_fee + processing_fee);`,
    );
    this.addSql(
      `alter table "reservations" add constraint "reservations_confirmed_at" check (status <> 'confirmed' or confirmed_at is not null);`,
    );
    this.addSql(
      `alter table "reservations" add constraint "reservations_status_check" check ("status" in ('pending', 'requires_action', 'confirmed', 'failed', 'expired', 'cancelled'));`,
    );

    this.addSql(
      `alter table "reviews" add constraint "reviews_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "reviews" add constraint "reviews_reservation_id_foreign" foreign key ("reservation_id") references "reservations" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "reviews" add constraint "reviews_guest_id_foreign" foreign key ("guest_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "reviews" add constraint "reviews_host_reply_user_id_foreign" foreign key ("host_reply_user_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`alter table "reviews" add constraint "reviews_rate_range" check (rate >= 0 and rate <= 5);`);
    this.addSql(
      `alter table "reviews" add constraint "reviews_host_reply" check ((host_reply_content is null) = (host_replied_at is null));`,
    );

    this.addSql(
      `alter table "experience_themes" add constraint "experience_themes_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "experience_themes" add constraint "experience_themes_theme_id_foreign" foreign key ("theme_id") references "themes" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "calendars" add constraint "calendars_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "calendars" add constraint "calendars_recurrence_rule_id_foreign" foreign key ("recurrence_rule_id") references "recurrence_rules" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "calendars" add constraint "calendars_participant_number_range" check (participant_number >= 0 and participant_number <= recruitment_number);`,
    );
    this.addSql(
      `alter table "calendars" add constraint "calendars_recruitment_number_range" check (recruitment_number >= 1 and recruitment_number <= 30);`,
    );
    this.addSql(
      `alter table "calendars" add constraint "calendars_start_time_format" check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');`,
    );
    this.addSql(`alter table "calendars" add constraint "calendars_end_time_format" check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');`);
    this.addSql(`alter table "calendars" add constraint "calendars_time_order" check (start_time < end_time);`);

    this.addSql(
      `alter table "reservation_calendars" add constraint "reservation_calendars_reservation_id_foreign" foreign key ("reservation_id") references "reservations" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "reservation_calendars" add constraint "reservation_calendars_calendar_id_foreign" foreign key ("calendar_id") references "calendars" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "contact_inquiries" add constraint "contact_inquiries_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "community_applications" add constraint "community_applications_community_id_foreign" foreign key ("community_id") references "communities" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "community_applications" add constraint "community_applications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "community_applications" add constraint "community_applications_occupation_id_foreign" foreign key ("occupation_id") references "occupations" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "community_applications" add constraint "community_applications_postal_code_digits" check (postal_code ~ '^[0-9]+$');`,
    );
    this.addSql(
      `alter table "community_applications" add constraint "community_applications_full_name_length" check (char_length(full_name) >= 1);`,
    );
    this.addSql(
      `alter table "community_applications" add constraint "community_applications_gender_check" check ("gender" in ('female', 'male', 'other', 'no_answer'));`,
    );

    this.addSql(
      `alter table "community_application_answers" add constraint "community_application_answers_application_id_foreign" foreign key ("application_id") references "community_applications" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "community_application_answers" add constraint "community_application_answers_question_id_foreign" foreign key ("question_id") references "community_application_questions" ("id") on delete no action;`,
    );

    this.addSql(
      `alter table "ambassador_members" add constraint "ambassador_members_ambassador_id_foreign" foreign key ("ambassador_id") references "ambassadors" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ambassador_members" add constraint "ambassador_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ambassador_communities" drop constraint "ambassador_communities_ambassador_id_foreign";`);
    this.addSql(`alter table "experiences" drop constraint "experiences_host_ambassador_id_foreign";`);
    this.addSql(`alter table "images" drop constraint "images_ambassador_id_foreign";`);
    this.addSql(`alter table "ambassador_members" drop constraint "ambassador_members_ambassador_id_foreign";`);
    this.addSql(`alter table "brand_members" drop constraint "brand_members_brand_id_foreign";`);
    this.addSql(`alter table "brand_communities" drop constraint "brand_communities_brand_id_foreign";`);
    this.addSql(`alter table "images" drop constraint "images_brand_id_foreign";`);
    this.addSql(`alter table "experiences" drop constraint "experiences_category_id_foreign";`);
    this.addSql(`alter table "brand_communities" drop constraint "brand_communities_community_id_foreign";`);
    this.addSql(`alter table "ambassador_communities" drop constraint "ambassador_communities_community_id_foreign";`);
    this.addSql(`alter table "community_application_questions" drop constraint "community_application_questions_community_id_foreign";`);
    this.addSql(`alter table "experiences" drop constraint "experiences_community_id_foreign";`);
    this.addSql(`alter table "images" drop constraint "images_community_id_foreign";`);
    this.addSql(`alter table "community_applications" drop constraint "community_applications_community_id_foreign";`);
    this.addSql(`alter table "community_application_answers" drop constraint "community_application_answers_question_id_foreign";`);
    this.addSql(`alter table "reservations" drop constraint "reservations_coupon_id_foreign";`);
    this.addSql(`alter table "community_applications" drop constraint "community_applications_occupation_id_foreign";`);
    this.addSql(`alter table "experiences" drop constraint "experiences_prefecture_id_foreign";`);
    this.addSql(`alter table "experience_themes" drop constraint "experience_themes_theme_id_foreign";`);
    this.addSql(`alter table "experience_drafts" drop constraint "experience_drafts_user_id_foreign";`);
    this.addSql(`alter table "experiences" drop constraint "experiences_host_user_id_foreign";`);
    this.addSql(`alter table "experiences" drop constraint "experiences_created_by_id_foreign";`);
    this.addSql(`alter table "holding_requests" drop constraint "holding_requests_user_id_foreign";`);
    this.addSql(`alter table "reservations" drop constraint "reservations_user_id_foreign";`);
    this.addSql(`alter table "reviews" drop constraint "reviews_guest_id_foreign";`);
    this.addSql(`alter table "reviews" drop constraint "reviews_host_reply_user_id_foreign";`);
    this.addSql(`alter table "contact_inquiries" drop constraint "contact_inquiries_user_id_foreign";`);
    this.addSql(`alter table "community_applications" drop constraint "community_applications_user_id_foreign";`);
    this.addSql(`alter table "ambassador_members" drop constraint "ambassador_members_user_id_foreign";`);
    this.addSql(`alter table "images" drop constraint "images_experience_draft_id_foreign";`);
    this.addSql(`alter table "recurrence_rules" drop constraint "recurrence_rules_experience_id_foreign";`);
    this.addSql(`alter table "images" drop constraint "images_experience_id_foreign";`);
    this.addSql(`alter table "holding_requests" drop constraint "holding_requests_experience_id_foreign";`);
    this.addSql(`alter table "experience_options" drop constraint "experience_options_experience_id_foreign";`);
    this.addSql(`alter table "reservations" drop constraint "reservations_experience_id_foreign";`);
    this.addSql(`alter table "reviews" drop constraint "reviews_experience_id_foreign";`);
    this.addSql(`alter table "experience_themes" drop constraint "experience_themes_experience_id_foreign";`);
    this.addSql(`alter table "calendars" drop constraint "calendars_experience_id_foreign";`);
    this.addSql(`alter table "calendars" drop constraint "calendars_recurrence_rule_id_foreign";`);
    this.addSql(`alter table "reservations" drop constraint "reservations_option_id_foreign";`);
    this.addSql(`alter table "reviews" drop constraint "reviews_reservation_id_foreign";`);
    this.addSql(`alter table "reservation_calendars" drop constraint "reservation_calendars_reservation_id_foreign";`);
    this.addSql(`alter table "reservation_calendars" drop constraint "reservation_calendars_calendar_id_foreign";`);
    this.addSql(`alter table "community_application_answers" drop constraint "community_application_answers_application_id_foreign";`);

    this.addSql(`drop table if exists "ambassadors" cascade;`);
    this.addSql(`drop table if exists "brands" cascade;`);
    this.addSql(`drop table if exists "brand_and_ambassador_inquiries" cascade;`);
    this.addSql(`drop table if exists "brand_members" cascade;`);
    this.addSql(`drop table if exists "categories" cascade;`);
    this.addSql(`drop table if exists "communities" cascade;`);
    this.addSql(`drop table if exists "brand_communities" cascade;`);
    this.addSql(`drop table if exists "ambassador_communities" cascade;`);
    this.addSql(`drop table if exists "community_application_questions" cascade;`);
    this.addSql(`drop table if exists "coupons" cascade;`);
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
    this.addSql(`drop table if exists "occupations" cascade;`);
    this.addSql(`drop table if exists "prefectures" cascade;`);
    this.addSql(`drop table if exists "themes" cascade;`);
    this.addSql(`drop table if exists "uploaded_files" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "experience_drafts" cascade;`);
    this.addSql(`drop table if exists "experiences" cascade;`);
    this.addSql(`drop table if exists "recurrence_rules" cascade;`);
    this.addSql(`drop table if exists "images" cascade;`);
    this.addSql(`drop table if exists "holding_requests" cascade;`);
    this.addSql(`drop table if exists "experience_options" cascade;`);
    this.addSql(`drop table if exists "reservations" cascade;`);
    this.addSql(`drop table if exists "reviews" cascade;`);
    this.addSql(`drop table if exists "experience_themes" cascade;`);
    this.addSql(`drop table if exists "calendars" cascade;`);
    this.addSql(`drop table if exists "reservation_calendars" cascade;`);
    this.addSql(`drop table if exists "contact_inquiries" cascade;`);
    this.addSql(`drop table if exists "community_applications" cascade;`);
    this.addSql(`drop table if exists "community_application_answers" cascade;`);
    this.addSql(`drop table if exists "ambassador_members" cascade;`);
  }
}
