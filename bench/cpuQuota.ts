/**
 * A CPU quota for a process of the bench: a cgroup of its own with a share of one core (cgroup
 * v2's cpu.max, or v1's cpu.cfs_quota_us). Creating one needs root and a cpu controller the
 * bench may write to; where it cannot, `cpuQuota` says why and the bench runs without.
 */
import fs from 'node:fs';
import path from 'node:path';

const PERIOD_US = 100_000;

export interface CpuQuota {
  /** The cgroup's folder. */
  dir: string;
  /** Moves the process `pid` (all its threads) into the cgroup. */
  add(pid: number): void;
  /** Periods of the quota so far, and those in which the cgroup used it up (was held back). */
  stat(): { periods: number; throttled: number };
  /** Removes the cgroup (its processes must have ended or moved). */
  remove(): void;
}

/** Where the cpu controller can be written: cgroup v2's root, or v1's cpu hierarchy. */
function cpuHierarchy(): { version: 1 | 2; root: string } | string {
  const mounts = fs
    .readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .filter((fields) => fields.length > 3);
  const v1 = mounts.find(
    ([, , type, options]) => type === 'cgroup' && options!.split(',').includes('cpu'),
  );
  if (v1) return { version: 1, root: v1[1]! };
  for (const [, dir, type] of mounts) {
    if (type !== 'cgroup2') continue;
    const controllers = path.join(dir!, 'cgroup.controllers');
    if (fs.existsSync(controllers) && /\bcpu\b/.test(fs.readFileSync(controllers, 'utf8')))
      return { version: 2, root: dir! };
  }
  return 'no cgroup hierarchy with the cpu controller is mounted';
}

/**
 * A new cgroup named `name` whose processes together get `cores` of a core (0.3: 30 %), or why
 * there is none.
 */
export function cpuQuota(name: string, cores: number): CpuQuota | string {
  if (process.getuid?.() !== 0) return 'creating a cgroup needs root';
  let hierarchy: ReturnType<typeof cpuHierarchy>;
  try {
    hierarchy = cpuHierarchy();
  } catch (error) {
    return `the cgroup mounts cannot be read (${(error as Error).message})`;
  }
  if (typeof hierarchy === 'string') return hierarchy;
  const { version, root } = hierarchy;
  const dir = path.join(root, name);
  const quota = String(Math.round(cores * PERIOD_US));
  try {
    if (version === 2) {
      // The cpu controller must be on for the root's children.
      const control = path.join(root, 'cgroup.subtree_control');
      if (!/\bcpu\b/.test(fs.readFileSync(control, 'utf8'))) fs.writeFileSync(control, '+cpu');
    }
    fs.mkdirSync(dir);
    if (version === 2) fs.writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
    else {
      fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), quota);
    }
  } catch (error) {
    try {
      fs.rmdirSync(dir);
    } catch {
      // Not made.
    }
    return `a cgroup cannot be made in ${root} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  return {
    dir,
    add: (pid) => fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(pid)),
    stat() {
      const stat = fs.readFileSync(path.join(dir, 'cpu.stat'), 'utf8');
      const field = (name: string) =>
        Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(stat)?.[1] ?? 0);
      return { periods: field('nr_periods'), throttled: field('nr_throttled') };
    },
    remove() {
      try {
        fs.rmdirSync(dir);
      } catch {
        // A process still in it: the kernel removes nothing, the folder stays until it ends.
      }
    },
  };
}
