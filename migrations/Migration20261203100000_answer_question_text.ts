import { Migration } from '@mikro-orm/migrations';

// Each answer keeps the question as the applicant read it: staff may reword a question after it has answers, and an
// answer must still be read under the words it answered. Answers given before this column existed take their
// question's current words, the best that is known of them.
export class Migration20261203100000_answer_question_text extends Migration {
  override name = 'Migration20261203100000_answer_question_text';

  override up(): void | Promise<void> {
    this.addSql(`alter table "community_application_answers" add column "question_text" text null;`);
    this.addSql(
      `update "community_application_answers" a set "question_text" = q."name"
       from "community_application_questions" q where q."id" = a."question_id";`,
    );
    this.addSql(`alter table "community_application_answers" alter column "question_text" set not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "community_application_answers" drop column "question_text";`);
  }
}
