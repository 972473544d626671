// Watches the files a document is made of, for the preview and the mock's reload alike. Directories
// are watched rather than the files themselves: editors that save by writing a new file and
// renaming it over the old one would otherwise leave a file watch on a deleted inode. node:fs
// watch is enough for a few folders, so no dependency.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';

export interface FileWatcher {
  /** Replaces the watched set (the document's files change when its `$ref`s do). */
  setFiles(files: readonly string[]): void;
  /**
   * While the document is broken a fix may be a new file (a `$ref` to one not
   * written yet): also react to any description file in the watched folders.
   */
  setLoose(loose: boolean): void;
  close(): void;
}

const DESCRIPTION_FILE = /\.(ya?ml|json)$/i;

export interface WatchOptions {
  /** Keep the process alive while watching (the preview); the mock's server does that itself. Default true. */
  persistent?: boolean;
}

export function watchFiles(onChange: (file: string) => void, options: WatchOptions = {}): FileWatcher {
  const watchers = new Map<string, FSWatcher>();
  let files = new Set<string>();
  let loose = false;
  let closed = false;

  const react = (dir: string, name: string | Buffer | null): void => {
    if (closed || name === null) return;
    const file = join(dir, String(name));
    if (files.has(file) || (loose && DESCRIPTION_FILE.test(extname(file)) && !basename(file).startsWith('.'))) onChange(file);
  };

  return {
    setFiles(list) {
      if (closed) return;
      files = new Set(list.map((f) => resolve(f)));
      const dirs = new Set([...files].map((f) => dirname(f)));
      for (const [dir, watcher] of watchers) {
        if (!dirs.has(dir)) {
          watcher.close();
          watchers.delete(dir);
        }
      }
      for (const dir of dirs) {
        if (watchers.has(dir)) continue;
        try {
          const watcher = watch(dir, { persistent: options.persistent ?? true }, (_event, name) => react(dir, name));
          // A folder that disappears (renamed, deleted) just stops reporting; the next build re-reads the list.
          watcher.on('error', () => {
            watcher.close();
            watchers.delete(dir);
          });
          watchers.set(dir, watcher);
        } catch {
          // The folder is gone; the build reports the missing file.
        }
      }
    },
    setLoose(value) {
      loose = value;
    },
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
