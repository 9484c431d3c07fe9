import pg from 'pg';

/** One query on its own connection: the drills' set-up, checks and clean-up. */
export async function sql(url, text, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}
