// Favourites (the heart: PUT/DELETE /experiences/{id}/favorite, the guest's list GET /favorites) and カレンダーに追加
// (GET /reservations/{id}/calendar.ics, the file the reservation mails attach). Who may do what is stated by the
// services.
import { favoriteStateJsonSchema, favoritesJsonSchema, favoritesQuerySchema } from '#src/modules/favorites/favorites.schemas';
import { route, type ApiRoute } from '#server/api/route';

const favorites = ['お気に入り'];

export const guestExtrasRoutes: ApiRoute[] = [
  route('put', '/experiences/:id/favorite', '体験をお気に入りに追加する（何度でも同じ結果）', favorites, 'user', {
    response: favoriteStateJsonSchema,
    answer: (req, services) => services.favorites.add(req.ctx, req.params),
  }),
  route('delete', '/experiences/:id/favorite', '体験をお気に入りから外す（何度でも同じ結果）', favorites, 'user', {
    response: favoriteStateJsonSchema,
    answer: (req, services) => services.favorites.remove(req.ctx, req.params),
  }),
  route('get', '/favorites', '自分のお気に入りを一覧する（次の開催日つき）', favorites, 'user', {
    query: favoritesQuerySchema,
    response: favoritesJsonSchema,
    answer: (req, services) => services.favorites.list(req.ctx, req.query),
  }),
  route('get', '/reservations/:id/calendar.ics', '確定した予約をカレンダーファイル（.ics、日本時間）で取得する', ['予約'], 'user', {
    errors: [409],
    file: { type: 'text/calendar', description: '予約の日程の iCalendar ファイル（予約確認メールの添付と同じもの）' },
    download: (req, services) => services.reservationCalendar.file(req.ctx, req.params),
  }),
];
