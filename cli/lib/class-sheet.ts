/**
 * The printable credentials sheet of a class (`class create --html FILE`): one card per
 * student with where to go, their username and password, and the class's contest and auction
 * codes — cut along the lines and hand out. Self-contained (no scripts, no remote assets).
 */
export interface ClassSheet {
  server: string
  classroom: { id: number; name: string }
  students: Array<{ username: string; password: string; full_name: string | null }>
  auction: { id: number; code: string | null }
  contest: { invite_code: string | null; match_name: string } | null
}

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

export function classSheetHtml(sheet: ClassSheet): string {
  const url = `${sheet.server}/`
  const cards = sheet.students
    .map(
      (s) => `  <section class="card">
    <h2>${html(s.full_name ?? s.username)}</h2>
    <p class="where">Open <b>${html(url)}</b> and sign in:</p>
    <dl>
      <dt>Username</dt><dd><code>${html(s.username)}</code></dd>
      <dt>Password</dt><dd><code>${html(s.password)}</code></dd>
      <dt>Auction</dt><dd>#${sheet.auction.id}${sheet.auction.code ? `, code <code>${html(sheet.auction.code)}</code>` : ''} (you are already in)</dd>
${
  sheet.contest?.invite_code
    ? `      <dt>Contest</dt><dd>code <code>${html(sheet.contest.invite_code)}</code> (${html(sheet.contest.match_name)})</dd>\n`
    : ''
}    </dl>
  </section>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${html(sheet.classroom.name)}: sign-in cards</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1cm; color: #111; }
  h1 { font-size: 16pt; margin: 0 0 0.5cm; }
  .cards { display: grid; grid-template-columns: repeat(2, 1fr); gap: 0; }
  .card { border: 1px dashed #999; padding: 0.4cm 0.5cm; break-inside: avoid; page-break-inside: avoid; }
  .card h2 { font-size: 13pt; margin: 0 0 0.2cm; }
  .where { margin: 0 0 0.2cm; font-size: 10pt; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.1cm 0.4cm; margin: 0; font-size: 11pt; }
  dt { color: #555; }
  dd { margin: 0; }
  code { font-size: 12pt; letter-spacing: 0.04em; }
  @media print { body { margin: 0.5cm; } h1 { display: none; } }
</style>
</head>
<body>
<h1>${html(sheet.classroom.name)} — ${sheet.students.length} students</h1>
<div class="cards">
${cards}
</div>
</body>
</html>
`
}
