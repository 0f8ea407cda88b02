/**
 * `npm run keys`: the operator's only way to make, list and delete API keys (the API has no key
 * endpoints, so nothing on the network can mint one); a new key's value is printed once, then only
 * its digest exists.
 */
import { parseArgs } from 'node:util'
import { createKey } from '../auth/key-admin'
import { loadConfig } from '../config'
import { dataDirHolder } from '../data-dir-lock'
import { ENDPOINTS, type Endpoint, monthOf, QUOTA_UNITS, type QuotaUnit } from '../db/key-plans'
import { keysRepo } from '../db/keys-repo'
import { openDatabase } from '../open-database'

const USAGE = `Usage:
  npm run keys -- create --name NAME [--endpoints area,query,point,address,tiles] [--monthly-limit N]
                         [--quota-unit requests|records] [--inactive] [--operator]
  npm run keys -- list
  npm run keys -- delete ID
Works on DATA_DIR (or DATABASE_URL). With the embedded database, stop the server first.`

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

function parseEndpoints(text: string | undefined): Endpoint[] | undefined {
  if (text === undefined) return undefined
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = list.filter((e) => !(ENDPOINTS as readonly string[]).includes(e))
  if (bad.length || list.length === 0) fail(`--endpoints takes a comma list of ${ENDPOINTS.join(', ')}`)
  return list as Endpoint[]
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      endpoints: { type: 'string' },
      'monthly-limit': { type: 'string' },
      'quota-unit': { type: 'string' },
      inactive: { type: 'boolean', default: false },
      operator: { type: 'boolean', default: false },
    },
  })
  const [command, arg] = positionals
  if (!command) fail(USAGE)
  const config = loadConfig()
  if (!config.DATABASE_URL) {
    const holder = await dataDirHolder(config.DATA_DIR)
    if (holder !== null) fail(`${holder} is using ${config.DATA_DIR}; stop it before managing keys.`)
  }
  const db = await openDatabase(config)
  const repo = keysRepo(db)
  try {
    if (command === 'create') {
      if (!values.name) fail('create needs --name NAME')
      const limitText = values['monthly-limit']
      const monthlyLimit = limitText === undefined ? null : Number(limitText)
      if (monthlyLimit !== null && (!Number.isInteger(monthlyLimit) || monthlyLimit < 0)) {
        fail('--monthly-limit takes a whole number ≥ 0')
      }
      const unit = values['quota-unit'] ?? 'requests'
      if (!(QUOTA_UNITS as readonly string[]).includes(unit)) fail(`--quota-unit takes ${QUOTA_UNITS.join(' or ')}`)
      const { key, value } = await createKey(repo, {
        name: values.name,
        endpoints: parseEndpoints(values.endpoints),
        monthlyLimit,
        quotaUnit: unit as QuotaUnit,
        active: !values.inactive,
        operator: values.operator,
      })
      console.log(
        `Created key ${key.id} "${key.name}" (${key.endpoints.join(',')}; ${describeLimit(key.monthlyLimit, key.quotaUnit)}${key.active ? '' : '; inactive'}${key.operator ? '; operator' : ''}).`,
      )
      console.log('Copy it now: it is shown only once and cannot be retrieved.')
      console.log(value)
    } else if (command === 'list') {
      const keys = await repo.all()
      const usage = await repo.usage(monthOf(new Date()))
      if (keys.length === 0) console.log('No keys.')
      for (const k of keys) {
        console.log(
          [
            k.id,
            k.name,
            `${k.keyPrefix}…`,
            k.endpoints.join(','),
            describeLimit(k.monthlyLimit, k.quotaUnit),
            `used ${usage.get(k.id) ?? 0} this month`,
            k.active ? 'active' : 'inactive',
            ...(k.operator ? ['operator'] : []),
          ].join('  '),
        )
      }
    } else if (command === 'delete') {
      if (!arg) fail('delete needs a key ID (see `keys -- list`)')
      if (!(await repo.remove(arg))) fail(`No key with id ${arg}.`)
      console.log(`Deleted key ${arg}.`)
    } else {
      fail(USAGE)
    }
  } finally {
    await db.close()
  }
}

function describeLimit(limit: number | null, unit: QuotaUnit): string {
  return limit === null ? 'no monthly limit' : `${limit} ${unit}/month`
}

await main()
