// Writes contract/openapi.json from contract/openapi.ts (npm run contract).
import fs from 'node:fs';
import path from 'node:path';
import { openapi } from './openapi';

export const CONTRACT_JSON = path.join(__dirname, 'openapi.json');
export const contractText = () => `${JSON.stringify(openapi, null, 2)}\n`;

if (require.main === module) {
  fs.writeFileSync(CONTRACT_JSON, contractText());
  console.log(`wrote ${CONTRACT_JSON}`);
}
