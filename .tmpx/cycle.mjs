import pg from 'pg';
const db = process.argv[2] ?? 'lp_m1'; const port = process.argv[3] ?? '5432';
const client = new pg.Client(`postgres://postgres@127.0.0.1:${port}/${db}`); await client.connect();
const ZIPS = ['10001', '60601', '94103', '78701', '30301', '02108', '98101', '33101', '77002', '19103', '59001', '82001', '57501', '58501', '99701', '83201', '88001', '69101'];
const WORDS = ['plumbing','cleaning','roofing','electrical','landscaping','painting','hvac','pest','moving','handyman','drain cleaning','roof repair','emergency plumbing','house cleaning','lawn care','water heater'];
const reqs = [];
for (const zip of ZIPS) {
  const { rows: [z] } = await client.query('SELECT latitude, longitude FROM zip_codes WHERE zip = $1', [zip]);
  const [lat, lng] = [Number(z.latitude), Number(z.longitude)];
  const R = 25, dLat = R / 69, dLng = R / (69 * Math.cos(lat * Math.PI / 180));
  const boxCells = []; for (let x = Math.floor((lng - dLng) / 0.2); x <= Math.floor((lng + dLng) / 0.2); x++) for (let y = Math.floor((lat - dLat) / 0.2); y <= Math.floor((lat + dLat) / 0.2); y++) boxCells.push(`'g1x${x}y${y}'`);
  for (const w of WORDS) {
    const { rows: [q] } = await client.query(`SELECT spelled_out_tsquery($1)::text AS t`, [w.split(' ').map((p) => p + ':*').join(' & ')]);
    reqs.push([q.t, boxCells.join(' | '), lat, lng]);
  }
}
const sql = `WITH m AS MATERIALIZED (SELECT c.id, c.is_premium, c.average_rating, c.ratings_count FROM companies c WHERE c.search_vector @@ $1::tsquery AND c.place_cells @@ $2::tsquery AND c.is_active AND NOT c.has_lead_scope
   AND 3958.8*2*asin(sqrt(sin(radians(c.latitude-$3::float8)/2)^2 + cos(radians($3::float8))*cos(radians(c.latitude))*sin(radians(c.longitude-$4::float8)/2)^2)) <= 25)
   SELECT (SELECT least(count(*), 1000) FROM m) AS total, (SELECT array_agg(id) FROM (SELECT id FROM m ORDER BY is_premium DESC, average_rating DESC NULLS LAST, ratings_count DESC, id LIMIT 9) p) AS page`;
const stat = async () => (await client.query('SELECT blks_read::bigint r, blks_hit::bigint h FROM pg_stat_database WHERE datname = current_database()')).rows[0];
for (let pass = 1; pass <= 3; pass++) {
  const s0 = await stat(); const t0 = performance.now();
  for (const r of reqs) await client.query({ name: 'core', text: sql, values: r });
  const t = (performance.now() - t0) / reqs.length; await new Promise((res) => setTimeout(res, 600)); const s1 = await stat();
  console.log(db, 'pass', pass, 'mean', t.toFixed(2), 'ms', 'blocks read/req', ((s1.r - s0.r) / reqs.length).toFixed(0), 'hit/req', ((s1.h - s0.h) / reqs.length).toFixed(0));
}
await client.end();
