#!/bin/sh
# Scenario 7a's container (bench/scenario_api.sh), run by `ferry reconcile --runtime exec` in a pipeline
# served the platform API: BENCH_CALLS `kubectl get secret db` calls against the API (the in-cluster
# configuration, as a Promise's pipeline has it) and as many against nginx serving the API's own answers
# as static files over HTTPS on the same loopback (the pipeline's network namespace), taken in turn, one
# of each per round. Prints "api_seconds=A nginx_seconds=N". Env: KUBECTL (the static binary),
# BENCH_CALLS.
set -eu
k=$KUBECTL
n=$BENCH_CALLS
t=/tmp/bench
mkdir -p $t/www $t/tls $t/nginx/tmp $t/home-api $t/home-nginx $t/home-capture
# The API's answers to what `kubectl get secret db` asks: discovery, then the Secret.
paths="/api /api/v1 /apis /api/v1/namespaces/default/secrets/db"
paths="$paths $(HOME=$t/home-capture $k get --raw /apis | python3 -c 'import json, sys
print(" ".join("/apis/" + v["groupVersion"] for g in json.load(sys.stdin)["groups"] for v in g["versions"]))')"
for p in $paths; do
  mkdir -p "$t/www$(dirname "$p")"
  HOME=$t/home-capture $k get --raw "$p" >"$t/www$p.json"
done
cd $t/tls
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=bench-ca \
  -keyout ca.key -out ca.pem 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj /CN=127.0.0.1 -keyout server.key \
  -out server.csr 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1\n' >san.ext
openssl x509 -req -days 1 -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -extfile san.ext \
  -out server.pem 2>/dev/null
cat >$t/nginx/nginx.conf <<CONF
user root; worker_processes 1; daemon off; pid $t/nginx/nginx.pid; error_log $t/nginx/error.log;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path $t/nginx/tmp/body; proxy_temp_path $t/nginx/tmp/proxy;
  fastcgi_temp_path $t/nginx/tmp/fastcgi; uwsgi_temp_path $t/nginx/tmp/uwsgi; scgi_temp_path $t/nginx/tmp/scgi;
  server {
    listen 127.0.0.1:8443 ssl; ssl_certificate $t/tls/server.pem; ssl_certificate_key $t/tls/server.key;
    root $t/www; default_type application/json;
    location / { try_files \$uri.json =404; }
  }
}
CONF
nginx -p $t/nginx -c $t/nginx/nginx.conf &
nginx_pid=$!
cat >$t/kubeconfig <<CONF
apiVersion: v1
kind: Config
clusters: [{name: nginx, cluster: {server: "https://127.0.0.1:8443", certificate-authority: $t/tls/ca.pem}}]
users: [{name: bench, user: {token: static}}]
contexts: [{name: nginx, context: {cluster: nginx, user: bench, namespace: default}}]
current-context: nginx
CONF
i=0
until HOME=$t/home-nginx KUBECONFIG=$t/kubeconfig $k get secret db >/dev/null 2>&1; do
  i=$((i + 1)); [ $i -lt 100 ] || { cat $t/nginx/error.log; exit 1; }
  sleep 0.05
done
HOME=$t/home-api $k get secret db >/dev/null  # each side's discovery cache warm, as after a first call
api=0 static=0 i=0
while [ $i -lt "$n" ]; do
  a=$(date +%s%N)
  HOME=$t/home-api $k get secret db >/dev/null
  b=$(date +%s%N)
  HOME=$t/home-nginx KUBECONFIG=$t/kubeconfig $k get secret db >/dev/null
  c=$(date +%s%N)
  api=$((api + b - a)) static=$((static + c - b)) i=$((i + 1))
done
kill $nginx_pid
echo "api_seconds=$(awk -v n=$api 'BEGIN { printf "%.6f", n / 1e9 }')" \
  "nginx_seconds=$(awk -v n=$static 'BEGIN { printf "%.6f", n / 1e9 }')"
