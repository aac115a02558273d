set -o pipefail; export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; S=$SECONDS
{ date -u; nvidia-smi; } > $OUT/device.txt 2>&1
cmake -S . -B build -DAUTOBENCH_WITH_CUDA=ON -DCMAKE_BUILD_TYPE=Release -DAUTOBENCH_WITH_TESTS=OFF -DCMAKE_PREFIX_PATH="$PWD/.deps/nlohmann/usr;$PWD/.deps/libfmt/usr" > $OUT/cfg.txt 2>&1 || { tail -20 $OUT/cfg.txt; exit 1; }
timeout 200 cmake --build build -j16 --target autobench-mpi > $OUT/build.txt 2>&1 || { grep -E "error" $OUT/build.txt | head -30; exit 1; }
echo "built at $((SECONDS-S)) s"; B=build/suite/autobench-mpi
for name in nowindows default; do
  extra=""; [ $name = nowindows ] && extra="--power-window-ms 0"
  t0=$SECONDS; timeout 150 mpirun -np 1 $B --suite quick --kernels vecadd,gemm,fp32 --backend cuda --output /tmp/q-$name $extra > $OUT/run_$name.txt 2>&1; echo "exit $?" >> $OUT/run_$name.txt
  echo "$name wall $((SECONDS-t0)) s"; grep "done in" $OUT/run_$name.txt
done
F=$(ls -t /tmp/q-default/*/autobench.h5 | head -1)
python3 - "$F" <<'PY'
import h5py, sys, collections
c=collections.Counter(); cost=0.0; seen=set()
def visit(n,o):
    global cost
    if isinstance(o,h5py.Group) and 'power_reason' in o:
        for s,r,k in zip(o['size'][:],o['power_reason'][:],o['power_cost_s'][:]):
            key=(o.attrs['kernel'],int(o.attrs['repeat']),int(s))
            if key in seen: continue
            seen.add(key); c[r.decode() if isinstance(r,bytes) else r]+=1; cost+=float(k) if k==k else 0
h5py.File(sys.argv[1]).visititems(visit)
print("distinct points", len(seen), "windows by reason", dict(c), "power cost s %.1f"%cost)
PY
t0=$SECONDS; timeout 120 $B model --backend cuda --kernel gemm --samples 664 --test 200 --sizes 1024,2048,4096,8192 --iterations 5 --output $OUT/models > $OUT/model.txt 2>&1; echo "model exit $? after $((SECONDS-t0)) s"; tail -3 $OUT/model.txt
M=$(tail -1 $OUT/model.txt); [ -f "$M" ] && { timeout 60 $B model evaluate "$M" --samples 25,50,100,200 --repeats 5 --top-k 4 > $OUT/evaluate.txt 2>&1; cat $OUT/evaluate.txt | head -40; $B report "$M" > $OUT/model_report.txt 2>&1; }
nvidia-smi -q -d CLOCK > $OUT/clocks_end.txt; rm -rf $OUT/models/*/journal 2>/dev/null; echo "done at $((SECONDS-S)) s"
