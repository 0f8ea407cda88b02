/**
 * IndexedDB's request and transaction events as promises, for the two stores that keep data on the
 * device (the response cache and the field packs). A transaction is settled by its own events, not
 * by its last request's: a write is on disk only once the transaction completes, and an abort (quota,
 * another tab's version change) rejects instead of hanging.
 */
export const requestDone = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error)
  })

export const transactionDone = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'))
  })
