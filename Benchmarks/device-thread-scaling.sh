#!/bin/bash
# Gradient thread scaling on a lent many-core machine that has no Swift toolchain (the
# device tool): rounds alternating builds of `bench`, each round timing the gradient family at
# 960x540 (and its 480x270 tiles) on 1 pinned core, on 2 pinned cores (the default call: the
# pool reads the affinity mask) and unpinned (all cores). Results: one JSON per build, thread
# setting and round, tarred into $OUT/results.tgz.
#
# Prepare here (names are examples; BUILDS lists them):
#   swift build -c release --product bench --static-swift-stdlib --scratch-path .build-static
#   mkdir -p .build-device/lib && cp .build-static/release/bench /tmp/bench && strip /tmp/bench
#   xz -9 -c /tmp/bench > .build-device/bench-new.xz      # likewise bench-old.xz from a worktree
#   ldd /tmp/bench | awk '{print $3}' | grep / | grep -Ev '/lib(c|m)\.so' | xargs -I{} cp {} .build-device/lib/
#   (not glibc itself: the device's is older, and this guest's libc.so.6 there fails on GLIBC_2.38)
#   cp Benchmarks/device-thread-scaling.sh .build-device/run.sh
# Run there, carrying .build-device:
#   BUILDS="old new" SECS=200 ROUNDS=40 bash .build-device/run.sh
# PAIR (default 4,5) names the two cores of the two-core runs, the first of them the one-core
# runs' core; PAIR2 (optional) a second pair timed the same way (t2b).
# Each round also runs `bench --scaling` on the pair (s2): 1 thread and 2 threads alternated in
# blocks within one process, so a process's placement in memory cannot differ between the two
# (separate processes on this guest differed by up to 12% on one thread).
# Summarise: the median over rounds of each round's 1-thread time over its N-thread time, and of
# each round's in-process speed-up.
cd "$(dirname "$0")/.."
D=.build-device
mkdir -p /tmp/b
for b in $BUILDS; do
  (xz -dc $D/bench-$b.xz > /tmp/b/$b 2>/dev/null || python3 -c "import lzma,shutil,sys;shutil.copyfileobj(lzma.open(sys.argv[1]),open(sys.argv[2],'wb'))" $D/bench-$b.xz /tmp/b/$b)
  chmod +x /tmp/b/$b
done
export LD_LIBRARY_PATH=$PWD/$D/lib
R=/tmp/res; mkdir -p $R
# The topology the machine reports goes to machine.txt (which cores are SMT siblings, if any).
PAIR=${PAIR:-4,5}
ONE=${PAIR%%,*}
(nproc; grep "model name" /proc/cpuinfo | head -1; grep -m1 "^model\s" /proc/cpuinfo; taskset -p $$
 lscpu -e 2>/dev/null || grep -E "^(processor|physical id|core id)" /proc/cpuinfo
 for c in /sys/devices/system/cpu/cpu[0-9]*; do echo "$c $(cat $c/topology/thread_siblings_list 2>/dev/null)"; done
) > $R/machine.txt 2>&1
cat $R/machine.txt
for b in $BUILDS; do /tmp/b/$b --kernel gradient --case linear_4stop_tile --iterations 5 || exit 1; done
end=$((SECONDS+${SECS:-240}))
r=0
while [ $SECONDS -lt $end ] && [ $r -lt ${ROUNDS:-6} ]; do r=$((r+1)); for b in $BUILDS; do
  taskset -c $ONE /tmp/b/$b --kernel gradient --size 960x540 --threads 1 --iterations 200 --json > $R/$b-t1-r$r.json 2>/dev/null
  taskset -c $PAIR /tmp/b/$b --kernel gradient --size 960x540 --iterations 200 --json > $R/$b-t2-r$r.json 2>/dev/null
  taskset -c $PAIR /tmp/b/$b --kernel gradient --size 960x540 --scaling --threads 2 --iterations 200 --json > $R/$b-s2-r$r.json 2>/dev/null
  [ -n "$PAIR2" ] && taskset -c $PAIR2 /tmp/b/$b --kernel gradient --size 960x540 --iterations 200 --json > $R/$b-t2b-r$r.json 2>/dev/null
  /tmp/b/$b --kernel gradient --size 960x540 --iterations 200 --json > $R/$b-t16-r$r.json 2>/dev/null
done; echo "round $r at $SECONDS s"; done
echo "done at $SECONDS s"
tar czf $OUT/results.tgz -C $R .
