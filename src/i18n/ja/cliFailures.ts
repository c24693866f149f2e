/** What the CLI says when it cannot do its work: what failed and what the operator can do about it. */
export const cliFailures = {
  fileReasons: {
    EACCES: '権限がありません',
    EPERM: '権限がありません',
    ENOENT: 'フォルダが存在しません',
    EEXIST: '同じ名前のファイルがすでにあります',
    EISDIR: 'フォルダを指しています',
    ENOTDIR: '途中にフォルダではないものがあります',
    ENOSPC: 'ディスクの空きがありません',
    EROFS: '読み取り専用の場所です',
    EMFILE: '開いているファイルが多すぎます',
  },
  fileReasonOther: (code: string) => `システムのエラー ${code}`,
  fileNotWritten: (file: string, reason: string) => `${file} に書き出せませんでした: ${reason}`,
  fileFailed: (path: string, reason: string) =>
    `${path} を読み書きできませんでした: ${reason}（DATA_DIR とファイルの場所、権限を確認してください）`,
  databaseUnreachable: (code: string) =>
    `データベースに接続できませんでした（${code}）。DATABASE_URL のホストとポート、データベースが起動しているかを確認してください`,
  databaseAuth: 'データベースにログインできませんでした。DATABASE_URL のユーザー名とパスワードを確認してください',
  databaseMissing: 'DATABASE_URL のデータベースが存在しません。データベース名を確認してください',
  databaseNotMigrated: 'データベースにテーブルがありません。先に npm run cli -- db:migrate を実行してください',
  databaseShuttingDown: 'データベースが停止中か起動中です。少し待ってからもう一度実行してください',
  sharedDatabase: (dir: string, port: number, pid: number) =>
    `実行中のプロセス（PID ${pid}）が ${dir} で動かしている組み込みデータベース（127.0.0.1:${port}）に接続できませんでした。` +
    'そのプロセス（npm start など）が停止するところなら、止まってからもう一度実行してください。別のデータベースを使うときは DATABASE_URL を指定してください',
  folderInUse: (dir: string, pid: number) =>
    `${dir} は実行中のプロセス（PID ${pid}）が使っています。そのプロセスを止めてから実行するか、DATABASE_URL を指定してください`,
  embeddedNotStarted: (dir: string, reason: string) =>
    `組み込みデータベース（${dir}）を起動できませんでした。DATA_DIR の場所と空き容量を確認してください（${reason}）`,
  sharedDatabaseNotice: (port: number, pid: number) =>
    `実行中のプロセス（PID ${pid}、npm start など）の組み込みデータベース（127.0.0.1:${port}）に接続して実行します`,
  /** An id argument or `--page` outside 1..max (an id: up to MAX_ID, what an integer column holds). */
  numberRange: (max: number) => `1〜${max.toLocaleString('ja-JP')}の整数を指定してください`,
  pagePastEnd: (page: number, totalPages: number, total: number) =>
    total === 0
      ? `--page ${page}: 該当するデータは0件です（--page を付けずに実行してください）`
      : `--page ${page} は最後のページを超えています（全${totalPages}ページ、${total}件）`,
  adminPromoted: (email: string, role: string) =>
    `既存のアカウント ${email}（${role}）を管理者にしました。名前とパスワードは変更していません`,
  adminAlready: (email: string) => `${email} はすでに管理者です。何も変更していません`,
  adminPasswordUnused:
    '--password は使いませんでした（既存のアカウントのパスワードは変えません。変更はパスワード再設定から行ってください）',
  envVariable: (variable: string, reason: string) =>
    `環境変数 ${variable} の値が正しくありません（${reason}）。設定を直してから実行してください`,
  noMigrationChanges: '変更はありません（データベースはエンティティと一致しています）',
  ambassadorDuplicate: (name: string, ids: string) =>
    `「${name}」という名前のアンバサダーがすでにあります（ID: ${ids}）。同じ名前でもう一つ追加するときは --allow-duplicate を付けてください`,
} as const;
