/** The part of fs-native-extensions (no bundled types) that the embedded database's lock uses. */
declare module 'fs-native-extensions' {
  /** An exclusive lock on the whole file; false when another holder has it. */
  export function tryLock(fd: number): boolean;
}
