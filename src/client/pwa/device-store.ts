/**
 * One IndexedDB object store, for what the device keeps through a reload, a closed tab and going
 * offline: visitors' forms (site/forms/outbox.ts) and staff's uploads (admin/media/upload-queue.ts).
 * It touches neither `window` nor the app's configuration, so the service worker may use it too.
 */
export interface DeviceStore<T> {
  all(): Promise<T[]>;
  put(item: T): Promise<void>;
  remove(key: string): Promise<void>;
}

export function deviceStore<T>(dbName: string, storeName: string, keyPath: keyof T & string): DeviceStore<T> {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB is not available'));
    });
  const withStore = async <R>(mode: IDBTransactionMode, ask: (store: IDBObjectStore) => IDBRequest<R>): Promise<R> => {
    const db = await open();
    try {
      return await new Promise<R>((resolve, reject) => {
        const request = ask(db.transaction(storeName, mode).objectStore(storeName));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB refused the request'));
      });
    } finally {
      db.close();
    }
  };
  return {
    all: () => withStore<T[]>('readonly', (store) => store.getAll() as IDBRequest<T[]>),
    put: async (item) => void (await withStore('readwrite', (store) => store.put(item))),
    remove: async (key) => void (await withStore('readwrite', (store) => store.delete(key))),
  };
}
