import pg from 'pg';
const client = new pg.Client(`postgres://postgres@127.0.0.1:5432/${process.argv[2] ?? 'lp_m1'}`); await client.connect();
const ZIPS = ['10001', '60601', '94103', '78701', '30301', '02108', '98101', '33101', '77002', '19103', '59001', '82001', '57501', '58501', '99701', '83201', '88001', '69101'];
const WORDS = ['plumbing','cleaning','roofing','electrical','landscaping','painting','hvac','pest','moving','handyman','drain cleaning','roof repair','emergency plumbing','house cleaning','lawn care','water heater'];
let tOld = 0, tNew = 0, n = 0, mism = 0;
for (const zip of ZIPS) {
  const { rows: [z] } = await client.query('SELECT latitude, longitude FROM zip_codes WHERE zip = $1', [zip]);
  if (!z) continue;
  const [lat, lng] = [Number(z.latitude), Number(z.longitude)];
  const R = 25, dLat = R / 69, dLng = R / (69 * Math.cos(lat * Math.PI / 180));
  const cells = []; for (let x = Math.floor((lng - dLng) / 0.1); x <= Math.floor((lng + dLng) / 0.1); x++) for (let y = Math.floor((lat - dLat) / 0.1); y <= Math.floor((lat + dLat) / 0.1); y++) cells.push((x + 2000) * 1000 + y);
  const boxCells = []; for (let x = Math.floor((lng - dLng) / 0.2); x <= Math.floor((lng + dLng) / 0.2); x++) for (let y = Math.floor((lat - dLat) / 0.2); y <= Math.floor((lat + dLat) / 0.2); y++) boxCells.push(`'g1x${x}y${y}'`);
  const dist = (p) => `3958.8*2*asin(sqrt(sin(radians(${p}latitude-${lat})/2)^2 + cos(radians(${lat}))*cos(radians(${p}latitude))*sin(radians(${p}longitude-(${lng}))/2)^2)) <= 25`;
  for (const w of WORDS) {
    const words = w.split(' ');
    const sets = [];
    for (const p of words) { const { rows: [q] } = await client.query(`SELECT spelled_out_tsquery($1)::text AS t`, [p + ':*']); sets.push([...q.t.matchAll(/'([^']+)'/g)].map((m) => m[1])); }
    const { rows: [q] } = await client.query(`SELECT spelled_out_tsquery($1)::text AS t`, [words.map((p) => p + ':*').join(' & ')]);
    const oldSql = `WITH m AS MATERIALIZED (SELECT c.id, c.is_premium, c.average_rating, c.ratings_count FROM companies c WHERE c.search_vector @@ $1::tsquery AND c.place_cells @@ $2::tsquery AND c.is_active AND NOT c.has_lead_scope AND ${dist('c.')})
      SELECT (SELECT least(count(*), 1000) FROM m) AS total, (SELECT array_agg(id) FROM (SELECT id FROM m ORDER BY is_premium DESC, average_rating DESC NULLS LAST, ratings_count DESC, id LIMIT 9) p) AS page`;
    const wordOf = sets.map((set, i) => set.map((l) => `WHEN '${l.replaceAll("'", "''")}' THEN ${i}`).join(' ')).join(' ');
    const newSql = `WITH r AS (SELECT id, is_premium, average_rating, ratings_count, CASE lexeme ${wordOf} END AS word FROM lw WHERE lexeme = ANY($1) AND cell = ANY($2) AND ${dist('')}),
      m AS MATERIALIZED (SELECT id, is_premium, average_rating, ratings_count FROM r GROUP BY id, is_premium, average_rating, ratings_count HAVING count(DISTINCT word) = ${words.length})
      SELECT (SELECT least(count(*), 1000) FROM m) AS total, (SELECT array_agg(id) FROM (SELECT id FROM m ORDER BY is_premium DESC, average_rating DESC NULLS LAST, ratings_count DESC, id LIMIT 9) p) AS page`;
    const runs = async (text, params) => { let best = Infinity, r; const name = 's' + (n * 2 + (text === oldSql ? 0 : 1)); for (let i = 0; i < 7; i++) { const s = performance.now(); r = await client.query({ name, text, values: params }); best = Math.min(best, performance.now() - s); } return [best, r.rows[0]]; };
    const [a, ra] = await runs(oldSql, [q.t, boxCells.join(' | ')]);
    const [b, rb] = await runs(newSql, [sets.flat(), cells]);
    if (ra.total !== rb.total || JSON.stringify(ra.page) !== JSON.stringify(rb.page)) { mism++; if (mism < 4) console.log('MISMATCH', zip, w, ra.total, rb.total); }
    tOld += a; tNew += b; n++;
  }
}
console.log(process.argv[2], 'requests', n, 'mismatches', mism, 'mean GIN+heap', (tOld / n).toFixed(2), 'ms; index-only', (tNew / n).toFixed(2), 'ms');
await client.end();
