/** Reminders the day before (9:00 Japan time). */
export const reminderMail = {
  guestSubject: (title: string) => `【たびとこ】明日の体験のご案内：${title}`,
  guestLead: (title: string) => `明日は「${title}」の開催日です。お気をつけてお越しください。`,
  guestLeadOnline: (title: string) => `明日は「${title}」の開催日です。開始時刻の少し前に、参加URLからご参加ください。`,
  hostSubject: (title: string, date: string) => `【たびとこ】${date}の参加者一覧：${title}`,
  hostLead: (title: string, date: string) => `${date}の「${title}」の参加者をお知らせします。`,
  slotLine: (time: string, people: number) => `■ ${time}（参加 ${people}名）`,
  participant: (name: string, people: number) => `  ・${name} 様 ${people}名`,
  participantWithOption: (name: string, people: number, option: string) => `  ・${name} 様 ${people}名（オプション: ${option}）`,
  participantMessage: (message: string) => `    メッセージ: ${message}`,
  schedule: (line: string) => `■ 日時: ${line}`,
  people: (n: number) => `■ 人数: ${n}名`,
  detail: (url: string) => `予約の詳細: ${url}`,
  hostList: (url: string) => `予約の管理: ${url}`,
} as const;
