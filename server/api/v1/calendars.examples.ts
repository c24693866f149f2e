// Examples of the slot routes's success answers in the OpenAPI document: real answers on the demo data (seeds/), lists cut to
// two items and long texts shortened. tests/api/openapi.test.ts validates each against its route's response schema,
// so an example cannot drift from the schema. Regenerate from a demo server when the demo data changes.

/** GET /api/v1/experiences/{id}/calendars */
export const calendarsExample = {
  calendars: [
    {
      id: 27,
      experience_id: 1,
      date: '2026-11-25',
      start_time: '14:00',
      end_time: '16:00',
      recurrence_rule_uuid: '21c33a2b-a17c-40b1-9970-e6f063e54774',
      recruitment_number: 8,
      participant_number: 2,
      accepting_reservation: true,
      reservation_deadline_at: '2026-11-24T15:00:00.000Z',
    },
    {
      id: 1,
      experience_id: 1,
      date: '2026-11-28',
      start_time: '10:00',
      end_time: '12:00',
      recurrence_rule_uuid: '791d5b18-d5c5-4282-96f1-e9f3c126e9c8',
      recruitment_number: 8,
      participant_number: 7,
      accepting_reservation: true,
      reservation_deadline_at: '2026-11-27T15:00:00.000Z',
    },
  ],
  meta: {
    reserved_calendar_ids: [],
    recent_count: 26,
    from_date: '2026-11-23',
    to_date: '2026-12-23',
  },
};
