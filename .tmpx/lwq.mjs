import pg from 'pg';
const client = new pg.Client('postgres://postgres@127.0.0.1:5432/lp_m1'); await client.connect();
const [zip, word, wanted] = [process.argv[2] ?? '10001', process.argv[3] ?? 'plumbing', Number(process.argv[4] ?? 9)];
const { rows: [z] } = await client.query('SELECT latitude, longitude FROM zip_codes WHERE zip = $1', [zip]);
const [lat, lng] = [Number(z.latitude), Number(z.longitude)];
const { rows: [q] } = await client.query(`SELECT spelled_out_tsquery($1)::text AS t`, [word.split(' ').map((p) => p + ':*').join(' & ')]);
const lexemes = [...q.t.matchAll(/'([^']+)'/g)].map((m) => m[1]);
const R = 25, dLat = R / 69, dLng = R / (69 * Math.cos(lat * Math.PI / 180));
const cells = [];
for (let x = Math.floor((lng - dLng) / 0.1); x <= Math.floor((lng + dLng) / 0.1); x++) for (let y = Math.floor((lat - dLat) / 0.1); y <= Math.floor((lat + dLat) / 0.1); y++) cells.push((x + 2000) * 1000 + y);
const dist = `3958.8*2*asin(sqrt(sin(radians(latitude-${lat})/2)^2 + cos(radians(${lat}))*cos(radians(latitude))*sin(radians(longitude-(${lng}))/2)^2)) <= 25`;
const countSql = `SELECT count(DISTINCT id) FROM lw WHERE lexeme = ANY($1) AND cell = ANY($2) AND ${dist}`;
const parts = [];
for (const l of lexemes) for (const c of cells) parts.push(`SELECT is_premium, average_rating, ratings_count, id FROM lw WHERE lexeme = '${l}' AND cell = ${c} AND ${dist}`);
const pageSql = `SELECT DISTINCT is_premium, average_rating, ratings_count, id FROM (${parts.join(' UNION ALL ')}) u ORDER BY is_premium DESC, average_rating DESC NULLS LAST, ratings_count DESC, id LIMIT ${wanted}`;
const time = async (sql, params) => { const ts = []; let r; for (let i = 0; i < 15; i++) { const s = performance.now(); r = await client.query(sql, params); ts.push(performance.now() - s); } ts.sort((a, b) => a - b); return [ts[7].toFixed(2), r.rows]; };
// the app's way (GIN + heap): count of matches in circle + sorting
const gin = `SELECT count(*) FROM companies c WHERE c.search_vector @@ $1::tsquery AND c.place_cells @@ $2::tsquery AND c.is_active AND ${dist.replaceAll('latitude', 'c.latitude').replaceAll('longitude', 'c.longitude')}`;
const boxCells = []; for (let x = Math.floor((lng - dLng) / 0.2); x <= Math.floor((lng + dLng) / 0.2); x++) for (let y = Math.floor((lat - dLat) / 0.2); y <= Math.floor((lat + dLat) / 0.2); y++) boxCells.push(`'g1x${x}y${y}'`);
const [tc, rc] = await time(countSql, [lexemes, cells]);
const [tp, rp] = await time(pageSql);
const [tg, rg] = await time(gin, [q.t, boxCells.join(' | ')]);
console.log(zip, word, lexemes.join('|'), 'cells', cells.length, '| index-only count', rc[0].count, tc, 'ms | page', wanted, tp, 'ms | GIN+heap count', rg[0].count, tg, 'ms');
if (process.argv[5]) { const e = await client.query('EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ' + pageSql); console.log(e.rows.slice(0, 12).map((r) => r['QUERY PLAN'].slice(0, 160)).join('\n')); const e2 = await client.query('EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ' + countSql, [lexemes, cells]); console.log(e2.rows.map((r) => r['QUERY PLAN'].slice(0, 160)).join('\n')); }
await client.end();
