import pg from 'pg';
const db = process.argv[2] ?? 'lp_m1';
const client = new pg.Client(`postgres://postgres@127.0.0.1:5432/${db}`); await client.connect();
const DENSE = ['10001', '60601', '94103', '78701', '30301', '02108', '98101', '33101', '77002', '19103'];
const WORDS = ['plumbing','cleaning','roofing','electrical','landscaping','painting','hvac','pest','moving','handyman','drain cleaning','roof repair','emergency plumbing','house cleaning','lawn care','water heater'];
const miles = (a, b, c, d) => { const r = Math.PI / 180; const x = Math.sin((c - a) * r / 2) ** 2 + Math.cos(a * r) * Math.cos(c * r) * Math.sin((d - b) * r / 2) ** 2; return 3958.8 * 2 * Math.asin(Math.sqrt(x)); };
const side = (l) => 0.1 * 2 ** l, idx = (v, l) => Math.floor(v / side(l));
function interiorCells(lat, lng, R) {
  const dLat = R / 69, dLng = R / (69 * Math.cos(lat * Math.PI / 180));
  const out = [];
  for (let x = idx(lng - dLng, 0); x <= idx(lng + dLng, 0); x++) for (let y = idx(lat - dLat, 0); y <= idx(lat + dLat, 0); y++) {
    const s = 0.1; const cs = [[y * s, x * s], [(y + 1) * s, x * s], [y * s, (x + 1) * s], [(y + 1) * s, (x + 1) * s]];
    if (cs.every(([a, b]) => miles(lat, lng, a, b) <= R)) out.push(`'g0x${x}y${y}'`);
  }
  return out.join(' | ');
}
let saturated = 0, rows = [];
for (const zip of DENSE) {
  const { rows: [z] } = await client.query('SELECT latitude, longitude FROM zip_codes WHERE zip = $1', [zip]);
  const [lat, lng] = [Number(z.latitude), Number(z.longitude)];
  const cells = interiorCells(lat, lng, 25);
  for (const w of WORDS) {
    const tsq = w.split(' ').map((p) => `${p}:*`).join(' & ');
    const dist = `3958.8*2*asin(sqrt(sin(radians(c.latitude-${lat})/2)^2 + cos(radians(${lat}))*cos(radians(c.latitude))*sin(radians(c.longitude-(${lng}))/2)^2))`;
    const { rows: [r] } = await client.query(`SELECT
      (SELECT count(*) FROM companies c WHERE c.search_vector @@ spelled_out_tsquery($1) AND c.is_active AND ${dist} <= 25 AND c.latitude BETWEEN ${lat - 0.5} AND ${lat + 0.5})::int AS total,
      (SELECT count(*) FROM companies c WHERE c.search_vector @@ spelled_out_tsquery($1) AND c.place_cells @@ $2::tsquery AND c.is_active)::int AS interior`, [tsq, cells]);
    rows.push([zip, w, r.total, r.interior]);
    if (r.total >= 1000 && r.interior >= 1000) saturated++;
  }
}
const atCap = rows.filter((r) => r[2] >= 1000).length;
console.log('queries', rows.length, 'with >=1000 matches', atCap, 'of which interior >=1000', saturated);
console.log(rows.filter((r) => r[2] >= 600).map((r) => r.join(' ')).join('\n'));
const totals = rows.map((r) => r[2]).sort((a, b) => a - b);
console.log('median matches', totals[totals.length >> 1], 'max', totals.at(-1), 'share interior (sum)', (rows.reduce((a, r) => a + r[3], 0) / rows.reduce((a, r) => a + r[2], 0)).toFixed(3));
await client.end();
