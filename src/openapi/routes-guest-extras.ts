// The route table's operations of favourites and of カレンダーに追加, beside routes.ts (which may not grow:
// tests/api/source-rules.test.ts). document.ts reads the tables as one.
import { favoriteStateJsonSchema, favoritesJsonSchema, favoritesQuerySchema } from '#src/modules/favorites/favorites.schemas';
import { op, V1, type Operation } from './operation';

export const guestExtrasOperations: Operation[] = [
  op('put', `${V1}/experiences/{id}/favorite`, '体験をお気に入りに追加する（何度でも同じ結果）', ['お気に入り'], 'user', {
    response: favoriteStateJsonSchema,
  }),
  op('delete', `${V1}/experiences/{id}/favorite`, '体験をお気に入りから外す（何度でも同じ結果）', ['お気に入り'], 'user', {
    response: favoriteStateJsonSchema,
  }),
  op('get', `${V1}/favorites`, '自分のお気に入りを一覧する（次の開催日つき）', ['お気に入り'], 'user', {
    query: favoritesQuerySchema,
    response: favoritesJsonSchema,
  }),
  op('get', `${V1}/reservations/{id}/calendar.ics`, '確定した予約をカレンダーファイル（.ics、日本時間）で取得する', ['予約'], 'user', {
    errors: [409],
    file: { type: 'text/calendar', description: '予約の日程の iCalendar ファイル（予約確認メールの添付と同じもの）' },
  }),
];
